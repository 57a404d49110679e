package org.bloomchord.experiments.runner.steps;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.experiments.runner.RunContext;
import org.bloomchord.experiments.runner.ops.Holdings;
import org.bloomchord.experiments.runner.ops.Roster;
import org.bloomchord.experiments.scenario.Phase;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.routing.location.LocationService;

/**
 * {@code publish: { objects: O, holdersPerObject: H, over: T }}: objects {@code object-0 ..
 * object-(O-1)} are each published at H distinct hosts drawn uniformly from those on the ring
 * (one ring peer of each; fewer when fewer hosts are on the ring). With {@code over} zero every
 * holder publishes at once; otherwise the publications due in each second of T go as one batch at
 * that second. The phase ends when every batch's publications were acknowledged by the directory
 * (or failed: the holder keeps the object and its lease renewal keeps trying).
 *
 * <p>With {@code run --jvms} holders are drawn from the hosts of every JVM; a child's holders
 * publish on the child's command ({@code JvmRun.publish}).
 *
 * <p>Holders are recorded in {@link Holdings} before they publish, so a locate never counts a
 * holder the runner does not know of.
 */
final class PublishStep implements PhaseStep<Phase.Publish> {

  @Override
  public void run(Phase.Publish phase, PhaseRun run) {
    RunContext ctx = run.ctx();
    int objects = phase.objects();
    int[] done = {0};
    ctx.phase(run.label("publish " + objects + " objects x " + phase.holdersPerObject()),
        () -> (double) done[0] / objects);
    SplittableRandom random = new SplittableRandom(run.seed());
    long overMs = phase.over().toMillis();
    int published = 0;
    for (long second = 0; published < objects; second++) {
      int due = overMs == 0 ? objects
          : (int) Math.min(objects, (long) Math.ceil((double) objects * (second + 1) * 1000 / overMs));
      ctx.advanceTo(run.startMs() + second * 1000);
      publish(ctx, published, due, phase.holdersPerObject(), random);
      published = due;
      done[0] = published;
    }
    ctx.advanceTo(Math.max(ctx.runMs(), run.startMs() + overMs));
  }

  /** Publishes objects {@code from .. to-1}, all holders at once; blocks until they are acknowledged. */
  private static void publish(RunContext ctx, int from, int to, int holdersPerObject, SplittableRandom random) {
    Map<PeerHandle<ChordPeer>, List<String>> byPeer = new LinkedHashMap<>();
    Map<String, List<String>> remote = new LinkedHashMap<>();
    for (int i = from; i < to; i++) {
      String object = Holdings.objectName(i);
      int holders = Math.min(holdersPerObject, ctx.roster().size());
      Set<Integer> chosen = new HashSet<>();
      while (chosen.size() < holders) {
        Roster.Member m = ctx.roster().pickMember(random);
        if (chosen.add(m.number())) {
          ctx.holdings().add(object, m.number(), m.ref());
          if (m.peer() != null) {
            byPeer.computeIfAbsent(m.peer(), k -> new ArrayList<>()).add(object);
          } else {
            remote.computeIfAbsent(m.ref().address(), k -> new ArrayList<>()).add(object);
          }
        }
      }
    }
    // the children's holders publish while this JVM's do
    java.util.concurrent.CompletableFuture<Integer> children = remote.isEmpty()
        ? java.util.concurrent.CompletableFuture.completedFuture(0)
        : java.util.concurrent.CompletableFuture.supplyAsync(() -> ctx.jvms().publish(remote));
    Map<String, List<String>> byAddress = new HashMap<>();
    byPeer.forEach((h, keys) -> byAddress.put(h.ref().address(), keys));
    List<Network.Outcome<Object>> outcomes = ctx.network().callAll(new ArrayList<>(byPeer.keySet()), p -> {
      LocationService s = p.extension(LocationService.class);
      List<Future<Void>> fs = new ArrayList<>();
      for (String key : byAddress.get(p.self().address())) {
        fs.add(s.publish(key));
      }
      return Future.join(fs).map(x -> (Object) null);
    }, ctx.operationWaitMs());
    for (Network.Outcome<Object> o : outcomes) {
      if (!o.succeeded()) {
        ctx.tally().publishFailed();
      }
    }
    for (int i = children.join(); i > 0; i--) {
      ctx.tally().publishFailed();
    }
  }
}
