package org.bloomchord.overlay;

import io.vertx.core.Completable;

/**
 * What the sender of a request with a soft deadline hears
 * ({@link PeerRuntime#request(PeerRef, Message, long, long, ReplyListener)}): at most one
 * {@link #overdue()} when the soft deadline passes with no answer yet, then exactly one
 * {@link #complete} with the reply or the failure, the timeout included, unless the sender is gone
 * first. Both run on the sender's own thread.
 */
public interface ReplyListener extends Completable<Message> {

  /** The soft deadline passed with no answer; the reply is still awaited up to the timeout. */
  void overdue();
}
