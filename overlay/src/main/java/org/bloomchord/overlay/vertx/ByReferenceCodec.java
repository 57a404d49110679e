package org.bloomchord.overlay.vertx;

import io.vertx.core.eventbus.MessageCodec;

/**
 * An event-bus codec that passes an immutable body by reference within a JVM
 * ({@link #transform} returns it unchanged), registered under its own name, never a system codec.
 * Subclasses say what happens on the wire.
 */
abstract class ByReferenceCodec<T> implements MessageCodec<T, T> {

  private final String name;

  ByReferenceCodec(String name) {
    this.name = name;
  }

  @Override
  public final T transform(T body) {
    return body;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final byte systemCodecID() {
    return -1;
  }
}
