package org.bloomchord.experiments.reconcile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.bloomchord.experiments.summary.ReconcileStats;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.TrafficStats;
import org.bloomchord.overlay.Network;
import org.bloomchord.overlay.PeerHandle;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.reconcile.ElementSet;
import org.bloomchord.routing.reconcile.ElementShape;
import org.bloomchord.routing.reconcile.ReconcileMethod;
import org.bloomchord.routing.reconcile.ReconcileOptions;
import org.bloomchord.routing.reconcile.ReconcilePeer;
import org.bloomchord.routing.reconcile.ReconcileResult;

/**
 * One measured reconciliation: two peers launched on a network with sets of {@code size} elements
 * that differ by {@code diff} (ceil(diff/2) only at the initiator A, floor(diff/2) only at B, the
 * rest shared), A reconciles with B both ways, and the outcome is checked against the sets each
 * started with.
 *
 * @param method the method asked for
 * @param size N, the initiator's set size
 * @param diff D, the size of the symmetric difference
 * @param elementBytes E
 * @param result what the initiator reported
 * @param missed elements of the union that a peer still lacks afterwards (the oracle's count)
 * @param extra elements a peer holds afterwards that neither started with (always 0 unless broken)
 * @param responderNanos time the responder spent building its replies
 */
public record ReconcileTrial(ReconcileMethod method, long size, long diff, int elementBytes, ReconcileResult result,
    long missed, long extra, long responderNanos) {

  /** Longest a trial may take, in runtime milliseconds. */
  public static final long MAX_WAIT_MS = 30 * 60_000L;

  /** Runs one trial on {@code network}; peer names get {@code tag} so trials can share a network. */
  public static ReconcileTrial run(Network<ReconcilePeer> network, ReconcileMethod method, int size, int diff,
      ElementShape shape, long seed, String tag) {
    return run(network, method, size, diff, shape, seed, tag, ReconcileOptions.defaults());
  }

  /** Runs one trial with the initiator's and responder's {@code options}. */
  public static ReconcileTrial run(Network<ReconcilePeer> network, ReconcileMethod method, int size, int diff,
      ElementShape shape, long seed, String tag, ReconcileOptions options) {
    Objects.requireNonNull(network, "network");
    int onlyA = (diff + 1) / 2;
    int onlyB = diff / 2;
    int common = size - onlyA;
    if (common < 0) {
      throw new IllegalArgumentException("diff " + diff + " needs more than " + size + " elements at A");
    }
    ElementSet all = ElementSet.random(shape, common + onlyA + onlyB, new SplittableRandom(seed));
    ElementSet a = new ElementSet(shape, common + onlyA);
    ElementSet b = new ElementSet(shape, common + onlyB);
    long[] e = new long[shape.words()];
    for (int i = 0; i < all.size(); i++) {
      all.copyElement(i, e, 0);
      if (i < common + onlyA) {
        a.add(e, 0);
      }
      if (i < common || i >= common + onlyA) {
        b.add(e, 0);
      }
    }
    ElementSet union = all;
    PeerHandle<ReconcilePeer> pa = network.launch(new PeerRef("a" + tag, 1), new ReconcilePeer(a.copy(), options));
    PeerHandle<ReconcilePeer> pb = network.launch(new PeerRef("b" + tag, 2), new ReconcilePeer(b.copy(), options));
    ReconcileResult r = network.call(pa, p -> p.reconcile(pb.ref(), method), MAX_WAIT_MS);
    long missed = network.inspect(pa, p -> (long) union.minus(p.set()).size())
        + network.inspect(pb, p -> (long) union.minus(p.set()).size());
    long extra = network.inspect(pa, p -> (long) p.set().minus(union).size())
        + network.inspect(pb, p -> (long) p.set().minus(union).size());
    long served = network.inspect(pb, ReconcilePeer::servedNanos);
    network.crash(pa);
    network.crash(pb);
    return new ReconcileTrial(method, size, diff, shape.bytes(), r, missed, extra, served);
  }

  /** Whether both peers hold exactly the union now. */
  public boolean exact() {
    return missed == 0 && extra == 0;
  }

  /** Encoded bytes per differing element; null when there is no difference. */
  public Double bytesPerDiff() {
    return diff == 0 ? null : (double) result.bytes() / diff;
  }

  /** The information-theoretic minimum, about one element per difference: D E bytes. */
  public long minimumBytes() {
    return diff * elementBytes;
  }

  /** Milliseconds spent encoding: the initiator's structures plus the responder's replies. */
  public double encodeMs() {
    return (result.encodeNanos() + responderNanos) / 1e6;
  }

  /** Milliseconds the initiator spent decoding. */
  public double decodeMs() {
    return result.decodeNanos() / 1e6;
  }

  /**
   * This trial as the summary of {@code bloomchord reconcile}: the {@code reconcile} section (the
   * stable keys method, size, diff, bytes, bytesPerDiff, rounds, exact, missed, followed by the
   * further measurements) and the {@code traffic} of the exchange.
   */
  public Summary summary(String runtime, long seed) {
    return summary(runtime, seed, null);
  }

  /**
   * This trial as {@link #summary(String, long)} gives it, with {@code rateless} (how the rateless
   * method exchanged its symbols: {@code stream} or {@code batched}) after {@code outcome} when
   * it is not null, so that runs of both exchanges tell themselves apart.
   */
  public Summary summary(String runtime, long seed, String rateless) {
    return Summary.of("reconcile", runtime, seed).withReconcile(stats(rateless))
        .withTraffic(TrafficStats.totals(result.messages(), result.bytes()));
  }

  private ReconcileStats stats(String rateless) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("chosen", result.method().wireName());
    m.put("outcome", result.outcome().name().toLowerCase(java.util.Locale.ROOT));
    if (rateless != null) {
      m.put("rateless", rateless);
    }
    m.put("elementBytes", elementBytes);
    m.put("minimumBytes", minimumBytes());
    m.put("overMinimum", diff == 0 ? null : (double) result.bytes() / minimumBytes());
    m.put("messages", result.messages());
    m.put("received", result.received());
    m.put("sent", result.sent());
    m.put("estimate", result.estimate() < 0 ? null : result.estimate());
    m.put("units", result.units());
    m.put("unitsPerDiff", diff == 0 ? null : (double) result.units() / diff);
    m.put("jaccard", Double.isNaN(result.jaccard()) ? null : result.jaccard());
    m.put("encodeMs", encodeMs());
    m.put("decodeMs", decodeMs());
    return ReconcileStats.builder().method(method.wireName()).size(size).diff(diff).bytes(result.bytes())
        .bytesPerDiff(bytesPerDiff()).rounds(result.rounds()).exact(exact()).missed(missed).details(m).build();
  }
}
