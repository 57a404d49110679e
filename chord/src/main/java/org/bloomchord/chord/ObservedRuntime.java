package org.bloomchord.chord;

import io.vertx.core.Future;
import java.util.List;
import java.util.random.RandomGenerator;
import org.bloomchord.overlay.Cancellable;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.MetricsSink;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;
import org.bloomchord.overlay.ReplyListener;

/**
 * A peer's runtime that shows every request and one-way message it sends to the peer's
 * {@link MessageObserver}s, and otherwise forwards to the runtime it wraps. Protocol-level: it knows
 * nothing of how either runtime delivers.
 */
final class ObservedRuntime implements PeerRuntime {

  private final PeerRuntime delegate;
  private final List<MessageObserver> observers;

  ObservedRuntime(PeerRuntime delegate, List<MessageObserver> observers) {
    this.delegate = delegate;
    this.observers = observers;
  }

  @Override
  public PeerRef self() {
    return delegate.self();
  }

  @Override
  public Future<Message> request(PeerRef to, Message message, long timeoutMs) {
    notifySent(to, message);
    return delegate.request(to, message, timeoutMs);
  }

  @Override
  public void request(PeerRef to, Message message, long softMs, long timeoutMs, ReplyListener listener) {
    notifySent(to, message);
    delegate.request(to, message, softMs, timeoutMs, listener);
  }

  @Override
  public boolean behind(PeerRef to) {
    return delegate.behind(to);
  }

  @Override
  public boolean gone(PeerRef to) {
    return delegate.gone(to);
  }

  @Override
  public void send(PeerRef to, Message message) {
    notifySent(to, message);
    delegate.send(to, message);
  }

  private void notifySent(PeerRef to, Message message) {
    for (int i = 0; i < observers.size(); i++) {
      observers.get(i).handled(MessageObserver.Direction.SENT, to, message);
    }
  }

  @Override
  public Cancellable after(long delayMs, Runnable task) {
    return delegate.after(delayMs, task);
  }

  @Override
  public Cancellable every(long periodMs, double jitter, Runnable task) {
    return delegate.every(periodMs, jitter, task);
  }

  @Override
  public Cancellable everyFromRandomPhase(long periodMs, double jitter, Runnable task) {
    return delegate.everyFromRandomPhase(periodMs, jitter, task);
  }

  @Override
  public long now() {
    return delegate.now();
  }

  @Override
  public RandomGenerator random() {
    return delegate.random();
  }

  @Override
  public MetricsSink metrics() {
    return delegate.metrics();
  }

  @Override
  public int sizeOf(Message message) {
    return delegate.sizeOf(message);
  }
}
