package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What one JVM of a multi-JVM ring sent: protocol messages (to any peer, as in {@code traffic}),
 * and of them what crossed to other JVMs as gateway frames, with and without the envelope, and
 * the TCP bytes its event bus wrote (the event bus' own framing included).
 *
 * @param messages protocol messages its peers sent
 * @param bytes their encoded bytes
 * @param crossFrames gateway frames sent to other JVMs (requests, one-way messages, relayed replies)
 * @param crossFrameBytes their bytes, envelope included
 * @param crossPayloadBytes the bytes of the protocol messages inside them
 * @param tcpBytes bytes written to event-bus TCP connections, before TLS (reported in steps of 4 KiB per
 *     connection)
 * @param membersRemoved how many times its membership removed another JVM: each JVM the run killed or
 *     cut counts once at each survivor; any other removal is a live JVM taken for dead
 */
@JsonPropertyOrder({"messages", "bytes", "crossFrames", "crossFrameBytes", "crossPayloadBytes", "tcpBytes",
    "membersRemoved"})
public record JvmTraffic(long messages, long bytes, long crossFrames, long crossFrameBytes, long crossPayloadBytes,
    long tcpBytes, long membersRemoved) {

  public JvmTraffic {
    Finite.nonNegative("messages", messages);
    Finite.nonNegative("bytes", bytes);
    Finite.nonNegative("crossFrames", crossFrames);
    Finite.nonNegative("crossFrameBytes", crossFrameBytes);
    Finite.nonNegative("crossPayloadBytes", crossPayloadBytes);
    Finite.nonNegative("tcpBytes", tcpBytes);
    Finite.nonNegative("membersRemoved", membersRemoved);
  }

  /** Parses the seven space-separated counts a worker reports, in component order. */
  public static JvmTraffic parse(String counts) {
    String[] f = counts.trim().split("\\s+");
    if (f.length != 7) {
      throw new IllegalArgumentException("expected 7 traffic counts, got '" + counts + "'");
    }
    return new JvmTraffic(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
        Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]));
  }
}
