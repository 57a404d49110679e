package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The one JSON object every measuring command prints ({@code --json}) or writes
 * ({@code summary.json}). Field names and their order are a contract that scripts depend on:
 * {@code command, runtime, seed, peers, ring, lookups, keys, locate, reconcile, traffic,
 * resources, trust}. A section that was not measured is null and left out of the JSON (never written as
 * null). Build one with {@link #of} and the {@code withXxx} methods; serialise with
 * {@link SummaryJson}; print with {@link SummaryTable}.
 *
 * @param command the command that measured (e.g. {@code run}, {@code demo})
 * @param runtime the runtime ({@code vertx} or {@code sim}), or null
 * @param seed the scenario's seed, or null
 * @param peers peer counts, or null
 * @param ring ring health, or null
 * @param lookups lookup outcomes, or null
 * @param keys stored keys, or null
 * @param locate locate outcomes, or null
 * @param reconcile set reconciliation, or null
 * @param traffic message traffic, or null
 * @param resources time and memory, or null
 * @param trust what the peers' bounds and quotas evicted, refused or rejected, by counter name
 *     without its {@code trust.} prefix (e.g. {@code quota.requests}), or null
 */
@JsonPropertyOrder({"command", "runtime", "seed", "peers", "ring", "lookups", "keys", "locate", "reconcile",
    "traffic", "resources", "trust"})
public record Summary(
    String command, String runtime, Long seed, PeerCounts peers, RingHealth ring, LookupStats lookups,
    KeyStats keys, LocateStats locate, ReconcileStats reconcile, TrafficStats traffic, ResourceStats resources,
    java.util.Map<String, Long> trust) {

  public Summary {
    if (command == null || command.isBlank()) {
      throw new IllegalArgumentException("command must be named");
    }
    trust = trust == null ? null : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(trust));
  }

  /** A summary with only its header; add sections with the {@code withXxx} methods. */
  public static Summary of(String command, String runtime, Long seed) {
    return new Summary(command, runtime, seed, null, null, null, null, null, null, null, null, null);
  }

  /** This summary with the {@code trust} section replaced. */
  public Summary withTrust(java.util.Map<String, Long> t) {
    return new Summary(command, runtime, seed, peers, ring, lookups, keys, locate, reconcile, traffic, resources, t);
  }

  /** This summary with the {@code peers} section replaced. */
  public Summary withPeers(PeerCounts s) {
    return new Summary(command, runtime, seed, s, ring, lookups, keys, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code ring} section replaced. */
  public Summary withRing(RingHealth s) {
    return new Summary(command, runtime, seed, peers, s, lookups, keys, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code lookups} section replaced. */
  public Summary withLookups(LookupStats s) {
    return new Summary(command, runtime, seed, peers, ring, s, keys, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code keys} section replaced. */
  public Summary withKeys(KeyStats s) {
    return new Summary(command, runtime, seed, peers, ring, lookups, s, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code locate} section replaced. */
  public Summary withLocate(LocateStats s) {
    return new Summary(command, runtime, seed, peers, ring, lookups, keys, s, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code reconcile} section replaced. */
  public Summary withReconcile(ReconcileStats s) {
    return new Summary(command, runtime, seed, peers, ring, lookups, keys, locate, s, traffic, resources, trust);
  }

  /** This summary with the {@code traffic} section replaced. */
  public Summary withTraffic(TrafficStats s) {
    return new Summary(command, runtime, seed, peers, ring, lookups, keys, locate, reconcile, s, resources, trust);
  }

  /** This summary with the {@code resources} section replaced. */
  public Summary withResources(ResourceStats s) {
    return new Summary(command, runtime, seed, peers, ring, lookups, keys, locate, reconcile, traffic, s, trust);
  }
}
