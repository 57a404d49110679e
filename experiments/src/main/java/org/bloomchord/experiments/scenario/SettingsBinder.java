package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.ObjectNaming;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.repair.RepairMode;
import org.bloomchord.routing.rogue.RoguePeer.Behaviour;

/**
 * Binds a scenario's settings sections, {@code chord}, {@code routing} and {@code rogue}, into
 * their validated records, with each section's defaults and ranges.
 */
final class SettingsBinder {

  private SettingsBinder() {
  }

  static ChordSettings chord(Fields f) {
    ChordSettings d = ChordSettings.DEFAULTS;
    int idBits = f.integer("idBits", d.idBits(), 1, 64);
    int successors = f.integer("successors", d.successors(), 1, 64);
    int replicas = f.integer("replicas", Math.min(d.replicas(), successors + 1), 1, 65);
    if (replicas > successors + 1) {
      throw f.bad("replicas", "at most successors + 1 = " + (successors + 1));
    }
    Duration stabilize = f.positiveDuration("stabilize", d.stabilize());
    Duration fixFingers = f.positiveDuration("fixFingers", d.fixFingers());
    return ChordSettings.builder().idBits(idBits).successors(successors).replicas(replicas)
        .stabilize(stabilize).fixFingers(fixFingers)
        .checkPredecessor(f.positiveDuration("checkPredecessor", d.checkPredecessor()))
        .stabilizeMax(atLeast(f, "stabilizeMax", stabilize))
        .fixFingersMax(atLeast(f, "fixFingersMax", fixFingers))
        .jitter(f.number("jitter", d.jitter(), 0, 0.99, "a number in [0, 0.99]"))
        .requestTimeout(f.positiveDuration("requestTimeout", d.requestTimeout()))
        .lookupTimeout(f.positiveDuration("lookupTimeout", d.lookupTimeout()))
        .virtualNodes(f.integer("virtualNodes", d.virtualNodes(), 1, 1024))
        .lookup(f.choice("lookup", d.lookup(), Map.of("recursive", ChordSettings.LookupStyle.RECURSIVE,
            "iterative", ChordSettings.LookupStyle.ITERATIVE)))
        .nextHop(f.choice("nextHop", d.nextHop(), Map.of("fingers", ChordSettings.NextHop.FINGERS,
            "fingersAndSuccessors", ChordSettings.NextHop.FINGERS_AND_SUCCESSORS)))
        .placement(f.choice("placement", d.placement(), Map.of("fixed", ChordSettings.Placement.FIXED,
            "seeded", ChordSettings.Placement.SEEDED)))
        .quota(f.integer("quota", (int) d.quota(), 0, Integer.MAX_VALUE))
        .writeQuorum(quorum(f, "writeQuorum", Math.min(replicas, successors)))
        .readQuorum(quorum(f, "readQuorum", Math.min(replicas, successors)))
        .repair(f.choice("repair", d.repair(), Map.of("push", RepairMode.PUSH, "reconcile", RepairMode.RECONCILE)))
        .proximityCandidates(f.bool("proximity", false)
            ? f.integer("proximityCandidates", Math.min(ChordSettings.DEFAULT_PROXIMITY_CANDIDATES, successors + 1), 2,
                successors + 1) : 0)
        .successorPush(f.bool("successorPush", d.successorPush()))
        .senderLimit(SenderLimitSettings.bind(f.map("senderLimit", SenderLimitSettings.KEYS)))
        .hotKeys(f.has("hotKeys") ? HotKeySettings.bind(f.map("hotKeys", HotKeySettings.KEYS)) : HotKeySettings.NONE)
        .build();
  }

  /** A quorum: 1..copies, or 0 (the default) for the store's own default (a majority to write, one to read). */
  private static int quorum(Fields f, String key, int copies) {
    return f.integer(key, 0, 0, copies);
  }

  /** An adaptive ceiling: at least the period it grows from (the default: the period, fixed). */
  private static Duration atLeast(Fields f, String key, Duration period) {
    Duration max = f.positiveDuration(key, period);
    if (max.compareTo(period) < 0) {
      throw f.bad(key, "at least the period it backs off from (" + DurationText.format(period) + ")");
    }
    return max;
  }

  static RogueSettings rogue(Fields f, int scenarioPeers) {
    RogueSettings d = RogueSettings.NONE;
    int peers = f.integer("peers", d.peers(), 0, scenarioPeers);
    Set<Behaviour> behaviours = d.behaviours();
    if (f.has("behaviours")) {
      behaviours = EnumSet.noneOf(Behaviour.class);
      YamlNode v = f.raw("behaviours");
      List<YamlNode> items = v instanceof YamlNode.Sequence s ? s.items() : List.of(v);
      for (YamlNode item : items) {
        String text = item instanceof YamlNode.Scalar s && s.text() != null ? s.text().strip() : null;
        Behaviour b = text == null ? null : Behaviour.of(text);
        if (b == null) {
          throw new ScenarioException(item.position(), "bad value '" + YamlNode.text(item) + "' for "
              + f.path("behaviours") + ": expected a list of: " + Behaviour.labels());
        }
        behaviours.add(b);
      }
    }
    return new RogueSettings(peers, behaviours, f.positiveDuration("every", d.every()));
  }

  /** The {@code traceback} section; {@link TracebackSettings#NONE} when the scenario has none. */
  static TracebackSettings traceback(Fields top, RogueSettings rogue) {
    if (!top.has("traceback")) {
      return TracebackSettings.NONE;
    }
    Fields f = top.map("traceback", TracebackSettings.KEYS);
    TracebackSettings d = TracebackSettings.DEFAULTS;
    TracebackSettings.Trace trace = f.choice("trace", d.trace(), java.util.Map.of("forged", TracebackSettings.Trace.FORGED,
        "sample", TracebackSettings.Trace.SAMPLE));
    if (trace == TracebackSettings.Trace.FORGED && rogue.peers() == 0) {
      String expected = "sample, or forged with rogue peers (rogue.peers above 0)";
      throw f.has("trace") ? f.bad("trace", expected)
          : new ScenarioException(f.position(), f.path("trace") + ": the default forged needs rogue peers; expected " + expected);
    }
    return new TracebackSettings(trace,
        f.number("sample", d.sample(), Double.MIN_VALUE, 1, "a share in (0, 1]"),
        f.positiveDuration("window", d.window()),
        f.integer("windows", d.windows(), 2, 1024),
        f.number("fpRate", d.fpRate(), Double.MIN_VALUE, 0.5, "a false-positive rate in (0, 0.5]"));
  }

  /** The {@code cache} section; {@link CacheSettings#NONE} when the scenario has none. */
  static CacheSettings cache(Fields top, int peers) {
    if (!top.has("cache")) {
      return CacheSettings.NONE;
    }
    Fields f = top.map("cache", CacheSettings.KEYS);
    CacheSettings d = CacheSettings.DEFAULTS;
    if (peers < 2 || peers > CacheConfig.MAX_GROUP) {
      throw new ScenarioException(top.keyPosition("cache"), "cache: a group needs 2 to "
          + CacheConfig.MAX_GROUP + " peers, the scenario has " + peers);
    }
    String protocols = String.join(", ", d.protocols().stream().map(CacheProtocol::wireName)
        .toList());
    List<CacheProtocol> list = f.value("protocols", d.protocols(), protocols,
        "a comma-separated list of: " + CacheProtocol.names(), t -> {
          List<CacheProtocol> out = new ArrayList<>();
          for (String p : t.split(",")) {
            CacheProtocol c = CacheProtocol.parse(p.strip())
                .orElse(null);
            if (c == null || out.contains(c)) {
              return null;
            }
            out.add(c);
          }
          return out;
        });
    ObjectNaming names = f.choice("names", d.names(), Map.of(
        "url", ObjectNaming.URL, "number", ObjectNaming.NUMBER));
    int requests = f.integer("requests", d.requests(), 1, 100_000_000);
    int warmup = f.integer("warmup", d.warmup(), 0, 100_000_000);
    if (warmup >= requests) {
      throw f.has("warmup") ? f.bad("warmup", "a whole number below requests (" + requests + ")")
          : new ScenarioException(f.position(), f.path("warmup") + ": the default " + warmup
              + " leaves none of " + requests + " requests");
    }
    return CacheSettings.builder().protocols(list).names(names)
        .objects(f.integer("objects", d.objects(), 1, Integer.MAX_VALUE))
        .zipf(f.number("zipf", d.zipf(), 0, 100, "a Zipf exponent from 0 to 100"))
        .capacity(f.integer("capacity", d.capacity(), 1, CacheConfig.MAX_CAPACITY)).requests(requests)
        .warmup(warmup).rate(rate(f, d.rate())).bitsPerEntry(f.integer("bitsPerEntry", d.bitsPerEntry(), 1, 64))
        .hashes(f.integer("hashes", d.hashes(), 1, 16))
        .updateThreshold(f.number("updateThreshold", d.updateThreshold(), Double.MIN_VALUE, 1,
            "a share of the capacity in (0, 1]"))
        .deltas(f.bool("deltas", d.deltas())).build();
  }

  /** The cache section's request rate: a rate above zero. */
  private static double rate(Fields f, double fallback) {
    double r = f.rate("rate", new org.bloomchord.experiments.workload.Rate(fallback)).perSecond();
    if (!(r > 0)) {
      throw f.bad("rate", "a rate above zero like 100/s");
    }
    return r;
  }

  static RoutingSettings routing(Fields f) {
    RoutingSettings d = RoutingSettings.DEFAULTS;
    return new RoutingSettings(f.integer("depth", d.depth(), 1, LocationConfig.MAX_DEPTH),
        f.integer("bitsPerLevel", d.bitsPerLevel(), LocationConfig.MIN_BITS, LocationConfig.MAX_BITS),
        f.integer("hashes", d.hashes(), 1, 16),
        f.positiveDuration("refresh", d.refresh()),
        f.positiveDuration("lease", d.lease()),
        f.positiveDuration("queryTimeout", d.queryTimeout()));
  }
}
