package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.Future;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.shareddata.Counter;
import java.util.concurrent.CompletionStage;
import org.jgroups.blocks.atomic.AsyncCounter;

/** A JGroups COUNTER as Vert.x' {@link Counter}, its futures completed on the caller's context. */
final class PlaneCounter implements Counter {

  private final VertxInternal vertx;
  private final AsyncCounter counter;

  PlaneCounter(VertxInternal vertx, AsyncCounter counter) {
    this.vertx = vertx;
    this.counter = counter;
  }

  private <T> Future<T> on(CompletionStage<T> stage) {
    return Future.fromCompletionStage(stage, vertx.getOrCreateContext());
  }

  @Override
  public Future<Long> get() {
    return on(counter.get());
  }

  @Override
  public Future<Long> incrementAndGet() {
    return on(counter.incrementAndGet());
  }

  @Override
  public Future<Long> getAndIncrement() {
    return on(counter.addAndGet(1)).map(v -> v - 1);
  }

  @Override
  public Future<Long> decrementAndGet() {
    return on(counter.decrementAndGet());
  }

  @Override
  public Future<Long> addAndGet(long value) {
    return on(counter.addAndGet(value));
  }

  @Override
  public Future<Long> getAndAdd(long value) {
    return on(counter.addAndGet(value)).map(v -> v - value);
  }

  @Override
  public Future<Boolean> compareAndSet(long expected, long value) {
    return on(counter.compareAndSet(expected, value));
  }
}
