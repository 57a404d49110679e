package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Messages and encoded bytes of one message type ({@code traffic.byType.<type>}).
 *
 * @param messages messages sent
 * @param bytes bytes of their wire encoding
 */
@JsonPropertyOrder({"messages", "bytes"})
public record TypeTraffic(long messages, long bytes) {

  public TypeTraffic {
    Finite.nonNegative("messages", messages);
    Finite.nonNegative("bytes", bytes);
  }
}
