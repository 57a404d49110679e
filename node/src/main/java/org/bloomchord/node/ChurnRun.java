package org.bloomchord.node;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One run of a {@link ChurnModel} on a thread of its own (membership changes block): sleeps an
 * exponential gap, then adds a peer or removes a random one, until the model's time is up or
 * {@link #stop()} is called. The victims and gaps come from a generator seeded by the node's seed.
 */
public final class ChurnRun {

  private final Node node;
  private final ChurnModel model;
  private final SplittableRandom random;
  private final AtomicBoolean stopped = new AtomicBoolean();
  private final AtomicInteger joins = new AtomicInteger();
  private final AtomicInteger leaves = new AtomicInteger();
  private final AtomicInteger crashes = new AtomicInteger();
  private final long startedAt = System.currentTimeMillis();
  private final Thread thread;

  ChurnRun(Node node, ChurnModel model, long seed) {
    this.node = node;
    this.model = model;
    this.random = new SplittableRandom(seed);
    this.thread = new Thread(this::run, "bloomchord-churn");
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    long end = startedAt + model.seconds() * 1000L;
    try {
      while (!stopped.get()) {
        long gap = (long) (-Math.log(1 - random.nextDouble()) / model.eventsPerSecond() * 1000);
        long wake = System.currentTimeMillis() + gap;
        if (wake >= end) {
          break;
        }
        Thread.sleep(gap);
        if (stopped.get()) {
          break;
        }
        List<String> alive = node.peerNames();
        if (random.nextBoolean() || alive.size() <= model.minPeers()) {
          node.addPeers(1);
          joins.incrementAndGet();
        } else {
          String victim = alive.get(random.nextInt(alive.size()));
          if (random.nextDouble() < model.crashShare()) {
            node.crash(victim);
            crashes.incrementAndGet();
          } else {
            node.leave(victim);
            leaves.incrementAndGet();
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // the node is closing or a peer vanished meanwhile: the run ends
    } finally {
      stopped.set(true);
    }
  }

  /** Stops the run after the event in progress. */
  public void stop() {
    stopped.set(true);
    thread.interrupt();
  }

  /** Whether the run is still going. */
  public boolean running() {
    return !stopped.get();
  }

  public ChurnModel model() {
    return model;
  }

  public int joins() {
    return joins.get();
  }

  public int leaves() {
    return leaves.get();
  }

  public int crashes() {
    return crashes.get();
  }

  /** Wall-clock start, ms since the epoch. */
  public long startedAt() {
    return startedAt;
  }
}
