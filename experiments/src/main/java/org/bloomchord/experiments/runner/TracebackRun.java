package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.ChordHost;
import org.bloomchord.chord.ChordPeer;
import org.bloomchord.chord.MessageObserver.Direction;
import org.bloomchord.experiments.scenario.TracebackSettings;
import org.bloomchord.experiments.summary.TracebackStats;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.hash.Murmur3;
import org.bloomchord.routing.rogue.RoguePeer;
import org.bloomchord.routing.traceback.AttackGraph;
import org.bloomchord.routing.traceback.DigestLog;
import org.bloomchord.routing.traceback.MessageDigest;
import org.bloomchord.routing.traceback.TracebackMessages.TraceAnswer;
import org.bloomchord.routing.traceback.TracebackMessages.TraceQuery;
import org.bloomchord.routing.traceback.TracebackService;

/**
 * Traceback in a scenario run ({@code traceback} section): every peer runs a
 * {@link TracebackService}; the run's own record of each traced message (the oracle) is kept at
 * send time, by every peer's transport observer and by the rogues' {@link RoguePeer#onForged}
 * listener, never read from the filters. A traced message is traced by the last peer that received
 * it, {@link #delayMs} after it arrived (well within the retention), and the attack graph is judged
 * against the record: the message's origin is the one peer that sent it without having received it.
 * A message whose record has no single origin (identical content sent by several peers, as periodic
 * requests are) is not judged and is counted as {@code ambiguous}.
 */
final class TracebackRun {

  /** A traced message as the run recorded it at send and receipt. */
  private static final class Trail {
    final long digest;
    final Set<String> senders = new LinkedHashSet<>();
    final Set<String> receivers = new HashSet<>();
    final Map<String, PeerRef> refs = new ConcurrentHashMap<>();
    String lastReceiver;
    long lastReceivedAt;
    boolean claimed;

    Trail(long digest) {
      this.digest = digest;
    }
  }

  private final TracebackSettings settings;
  private final Predicate<PeerRef> rogue;
  private final long delayMs;
  private final long sampleBelow;
  private final Map<Long, Trail> trails = new ConcurrentHashMap<>();
  private final Set<String> roguesForging = ConcurrentHashMap.newKeySet();
  private final Set<String> roguesNamed = ConcurrentHashMap.newKeySet();
  private int traced;
  private int originFound;
  private int ambiguous;
  private int honestNamed;
  private long falseBranches;
  private double expectedFalseBranches;

  TracebackRun(TracebackSettings settings, Predicate<PeerRef> rogue) {
    this.settings = settings;
    this.rogue = rogue;
    this.delayMs = Math.min(1_000, settings.config().retentionMs() / 2);
    this.sampleBelow = settings.sample() >= 1 ? Long.MAX_VALUE : (long) (settings.sample() * Long.MAX_VALUE);
  }

  /** {@code base} with a traceback service and this run's recorder on every peer. */
  Function<PeerRef, List<ChordExtension>> extensions(Function<PeerRef, List<ChordExtension>> base) {
    return ref -> {
      List<ChordExtension> out = new ArrayList<>(base.apply(ref));
      TracebackService service = new TracebackService(settings.config());
      out.add(service);
      Recorder recorder = new Recorder(service);
      out.add(recorder);
      if (settings.trace() == TracebackSettings.Trace.FORGED) {
        // a rogue's forged messages are the ones traced with trace: forged
        out.stream().filter(e -> e instanceof RoguePeer).forEach(e -> ((RoguePeer) e).onForged(recorder::forged));
      }
      return out;
    };
  }

  /** Records, on one peer, the traced messages it sends and receives, and traces those it received last. */
  private final class Recorder implements ChordExtension {
    private final TracebackService service;
    private ChordHost host;

    Recorder(TracebackService service) {
      this.service = service;
    }

    @Override
    public void attach(ChordHost h) {
      this.host = h;
      h.observeMessages(this::handled);
    }

    /** The rogue on this peer forged {@code m} for {@code to}: the message is traced. */
    void forged(PeerRef to, Message m) {
      Trail t = trails.computeIfAbsent(MessageDigest.of(m), Trail::new);
      synchronized (t) {
        t.senders.add(host.self().address());
        t.refs.put(host.self().address(), host.self());
      }
      roguesForging.add(host.self().address());
    }

    private void handled(Direction direction, PeerRef link, Message m) {
      if (m instanceof TraceQuery || m instanceof TraceAnswer) {
        return;
      }
      long digest = MessageDigest.of(m);
      Trail t = trails.get(digest);
      if (t == null && direction == Direction.SENT && settings.trace() == TracebackSettings.Trace.SAMPLE
          && (Murmur3.fmix64(digest) & Long.MAX_VALUE) < sampleBelow) {
        t = trails.computeIfAbsent(digest, Trail::new);
      }
      if (t == null) {
        return;
      }
      String self = host.self().address();
      synchronized (t) {
        if (t.claimed) {
          return;
        }
        t.refs.put(self, host.self());
        if (direction == Direction.SENT) {
          t.senders.add(self);
        } else {
          t.receivers.add(self);
          t.lastReceiver = self;
          t.lastReceivedAt = host.runtime().now();
        }
      }
      if (direction == Direction.RECEIVED) {
        Trail trail = t;
        host.runtime().after(delayMs, () -> traceIfLast(trail));
      }
    }

    private void traceIfLast(Trail t) {
      List<String> origins = new ArrayList<>();
      long receivedAt;
      synchronized (t) {
        receivedAt = t.lastReceivedAt;
        if (t.claimed || !host.self().address().equals(t.lastReceiver)) {
          return;
        }
        t.claimed = true;
        for (String s : t.senders) {
          if (!t.receivers.contains(s)) {
            origins.add(s);
          }
        }
      }
      if (origins.size() != 1) {
        synchronized (TracebackRun.this) {
          ambiguous++;
        }
        return;
      }
      PeerRef origin = t.refs.get(origins.get(0));
      service.trace(t.digest, receivedAt).onComplete(ar -> {
        if (ar.succeeded()) {
          judge(origin, ar.result());
        }
      });
    }
  }

  private synchronized void judge(PeerRef origin, AttackGraph g) {
    traced++;
    if (g.names(origin)) {
      originFound++;
    }
    boolean honestFalselyNamed = false;
    for (PeerRef o : g.origins()) {
      if (rogue.test(o)) {
        if (roguesForging.contains(o.address())) {
          roguesNamed.add(o.address());
        }
      } else if (!o.address().equals(origin.address())) {
        honestFalselyNamed = true;
      }
    }
    honestNamed += honestFalselyNamed ? 1 : 0;
    falseBranches += g.falseBranches();
    expectedFalseBranches += g.expectedFalseBranches();
  }

  /** The {@code traceback} section at the end of the run, with the digest memory of the active peers. */
  synchronized TracebackStats stats(Network<ChordPeer> net, List<PeerHandle<ChordPeer>> peers) {
    double digestBytes = 0;
    double messageBytes = 0;
    long messages = 0;
    long digests = 0;
    long invariant = 0;
    long distinctBytes = 0;
    long retiredEntries = 0;
    long retiredBits = 0;
    long atCapacity = 0;
    long byTime = 0;
    long folds = 0;
    for (PeerHandle<ChordPeer> h : peers) {
      TracebackService.Snapshot s = net.inspect(h, p -> p.extension(TracebackService.class).snapshot());
      DigestLog.Usage u = s.usage();
      digestBytes += s.digestBytes();
      messageBytes += s.messageBytes();
      messages += u.messages();
      digests += u.entries();
      invariant += u.invariantBytes();
      distinctBytes += u.distinctMessageBytes();
      retiredEntries += u.retiredEntries();
      retiredBits += u.retiredBits();
      atCapacity += u.atCapacity();
      byTime += u.byTime();
      folds += u.folds();
    }
    int n = Math.max(1, peers.size());
    TracebackStats.Filters filters = TracebackStats.Filters.builder().fpRate(settings.fpRate())
        .messagesPerPeer((double) messages / n).digestsPerPeer((double) digests / n)
        .bitsPerDigest(digests == 0 ? 0 : digestBytes * 8 / digests)
        .retiredBitsPerDigest(retiredEntries == 0 ? 0 : (double) retiredBits / retiredEntries)
        .invariantBytesPerMessage(messages == 0 ? 0 : (double) invariant / messages)
        .distinctMessageBytesPerPeer((double) distinctBytes / n).retiredAtCapacity(atCapacity).retiredByTime(byTime)
        .folds(folds).falseBranches(falseBranches).expectedFalseBranches(expectedFalseBranches).build();
    return TracebackStats.of(settings.trace().name().toLowerCase(java.util.Locale.ROOT), traced, originFound, ambiguous,
        traced == 0 ? 0 : (double) falseBranches / traced, traced == 0 ? 0 : expectedFalseBranches / traced,
        digestBytes / n, messageBytes / n, roguesForging.size(), roguesNamed.size(), honestNamed).withFilters(filters);
  }
}
