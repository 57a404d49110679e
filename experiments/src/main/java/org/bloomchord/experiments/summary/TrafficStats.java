package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code traffic} section. {@code byType} is sorted by type name, and its sums equal
 * {@code messages} and {@code bytes}.
 *
 * @param messages messages sent in the measured interval
 * @param bytes their encoded bytes
 * @param bytesPerPeerPerSecond bytes divided by mean live peers and by the interval's seconds, or
 *     null (omitted) for an exchange between two peers ({@link #totals})
 * @param messagesPerPeerPerSecond messages divided the same way: the load a peer's runtime carries,
 *     or null (omitted) as the former
 * @param byType the same by message type, or null (omitted) as the former
 * @param byJvm for a ring over several JVMs, what each JVM sent (by node name), or null (omitted)
 */
@JsonPropertyOrder({"messages", "bytes", "bytesPerPeerPerSecond", "messagesPerPeerPerSecond", "byType", "byJvm"})
public record TrafficStats(long messages, long bytes, Double bytesPerPeerPerSecond, Double messagesPerPeerPerSecond,
    Map<String, TypeTraffic> byType, Map<String, JvmTraffic> byJvm) {

  @JsonCreator
  public TrafficStats {
    Finite.nonNegative("messages", messages);
    Finite.nonNegative("bytes", bytes);
    Finite.check("bytesPerPeerPerSecond", bytesPerPeerPerSecond);
    Finite.check("messagesPerPeerPerSecond", messagesPerPeerPerSecond);
    boolean totalsOnly = bytesPerPeerPerSecond == null && messagesPerPeerPerSecond == null;
    byType = byType == null && totalsOnly ? null
        : Collections.unmodifiableMap(new TreeMap<>(byType == null ? Map.of() : byType));
    byJvm = byJvm == null ? null : Collections.unmodifiableMap(new TreeMap<>(byJvm));
  }

  /** Traffic of a ring in one JVM. */
  public TrafficStats(long messages, long bytes, double bytesPerPeerPerSecond, double messagesPerPeerPerSecond,
      Map<String, TypeTraffic> byType) {
    this(messages, bytes, (Double) bytesPerPeerPerSecond, (Double) messagesPerPeerPerSecond, byType, null);
  }

  /** The messages and bytes of one exchange between two peers, without rates or types. */
  public static TrafficStats totals(long messages, long bytes) {
    return new TrafficStats(messages, bytes, null, null, null, null);
  }

  /** This section with what each JVM sent. */
  public TrafficStats withByJvm(Map<String, JvmTraffic> byJvm) {
    return new TrafficStats(messages, bytes, bytesPerPeerPerSecond, messagesPerPeerPerSecond, byType, byJvm);
  }

  /**
   * Builds the section from per-type {messages, bytes} counts (the shape of the overlay's
   * {@code Traffic.snapshot()}) taken over {@code seconds} with {@code peers} live peers on average.
   * Without peers or time the rates are 0.
   */
  public static TrafficStats of(Map<String, long[]> counts, double peers, double seconds) {
    Map<String, TypeTraffic> byType = new TreeMap<>();
    long messages = 0;
    long bytes = 0;
    for (Map.Entry<String, long[]> e : counts.entrySet()) {
      byType.put(e.getKey(), new TypeTraffic(e.getValue()[0], e.getValue()[1]));
      messages += e.getValue()[0];
      bytes += e.getValue()[1];
    }
    boolean rated = peers > 0 && seconds > 0;
    double byteRate = rated ? bytes / peers / seconds : 0.0;
    double messageRate = rated ? messages / peers / seconds : 0.0;
    return new TrafficStats(messages, bytes, byteRate, messageRate, byType);
  }

  /**
   * The difference between two per-type snapshots ({@code after - before}), for excluding a
   * warm-up: counts taken at the warm-up's end are subtracted from the final ones.
   */
  public static Map<String, long[]> difference(Map<String, long[]> after, Map<String, long[]> before) {
    Map<String, long[]> out = new TreeMap<>();
    after.forEach((type, c) -> {
      long[] b = before.getOrDefault(type, new long[2]);
      out.put(type, new long[] {c[0] - b[0], c[1] - b[1]});
    });
    return out;
  }
}
