package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code ring} section: whether every live peer's successor and fingers agree with the oracle.
 *
 * @param stable true when every live peer's successor is its true successor
 * @param stabilizeSeconds time the ring took to become stable after the last change, or null
 *     (omitted) when it did not become stable
 * @param successorErrors live peers whose successor differs from the oracle's
 * @param fingerErrors fingers (over all live peers) that differ from the oracle's
 */
@JsonPropertyOrder({"stable", "stabilizeSeconds", "successorErrors", "fingerErrors"})
public record RingHealth(boolean stable, Double stabilizeSeconds, long successorErrors, long fingerErrors) {

  public RingHealth {
    Finite.check("stabilizeSeconds", stabilizeSeconds);
    Finite.nonNegative("successorErrors", successorErrors);
    Finite.nonNegative("fingerErrors", fingerErrors);
  }
}
