package org.bloomchord.experiments.bench;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.PeerRuntime;

/**
 * A peer's stream of pings to random peers, one request at a time, each sent once the previous one
 * was answered or failed: the raw round-trip rate a runtime gives a peer. Runs on the peer's thread.
 */
public final class RandomPings {

  private RandomPings() {
  }

  /**
   * Sends {@code count} requests made by {@code ping} (given how many remain after it) from
   * {@code runtime} to peers drawn from {@code targets}; yields how many replies {@code answers}
   * accepted.
   */
  public static Future<Integer> run(PeerRuntime runtime, List<PeerRef> targets, int count, long timeoutMs,
      IntFunction<Message> ping, Predicate<Message> answers) {
    Promise<Integer> done = Promise.promise();
    new Object() {
      int left = count;
      int answered;

      void next() {
        if (left-- == 0) {
          done.complete(answered);
          return;
        }
        PeerRef to = targets.get(runtime.random().nextInt(targets.size()));
        runtime.request(to, ping.apply(left), timeoutMs).onComplete(ar -> {
          if (ar.succeeded() && answers.test(ar.result())) {
            answered++;
          }
          next();
        });
      }
    }.next();
    return done.future();
  }
}
