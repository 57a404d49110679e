package org.bloomchord.overlay;

/**
 * A protocol message: an immutable record with a binary wire encoding registered in a
 * {@link org.bloomchord.overlay.wire.WireRegistry}.
 *
 * <p>Within one JVM the Vert.x runtime passes messages by reference; the encoding is what crosses
 * JVMs, what the simulator round-trips, and what the traffic metrics count.
 */
public interface Message {

  /**
   * The name traffic metrics use for this message type; by default the simple class name. It must
   * be the same for every message of a class: runtimes ask the first message of each class and keep
   * the answer.
   */
  default String typeName() {
    return getClass().getSimpleName();
  }
}
