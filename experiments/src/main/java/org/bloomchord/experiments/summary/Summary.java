package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one JSON object every measuring command prints ({@code --json}) or writes
 * ({@code summary.json}). Field names and their order are a contract that scripts depend on:
 * {@code command, runtime, seed}, a command's own fields, then {@code peers, ring, lookups, keys,
 * writes, locate, reconcile, traffic, resources, trust}. A section that was not measured is null
 * and left out of the JSON (never written as null). Build one with {@link #of} and the
 * {@code withXxx} methods; serialise with {@link SummaryJson}; print with {@link SummaryTable}.
 *
 * @param command the command that measured (e.g. {@code run}, {@code demo})
 * @param runtime the runtime ({@code vertx} or {@code sim}), or null
 * @param seed the scenario's seed, or null
 * @param fields the command's own top-level fields in order, written after {@code seed} (null
 *     values included), or null
 * @param peers peer counts, or null
 * @param ring ring health, or null
 * @param lookups lookup outcomes, or null
 * @param keys stored keys, or null
 * @param writes reads judged against acknowledged writes ({@code bloomchord writes}), or null
 * @param locate locate outcomes, or null
 * @param reconcile set reconciliation, or null
 * @param traffic message traffic, or null
 * @param resources time and memory, or null
 * @param trust what the peers' bounds and quotas evicted, refused or rejected, by counter name
 *     without its {@code trust.} prefix (e.g. {@code quota.requests}), or null
 */
@JsonPropertyOrder({"command", "runtime", "seed", "peers", "ring", "lookups", "keys", "writes", "locate", "reconcile",
    "traffic", "resources", "trust"})
public record Summary(
    String command, String runtime, Long seed, @JsonIgnore Map<String, Object> fields, PeerCounts peers,
    RingHealth ring, LookupStats lookups, KeyStats keys, WriteStats writes, LocateStats locate,
    ReconcileStats reconcile, TrafficStats traffic, ResourceStats resources, Map<String, Long> trust) {

  public Summary {
    if (command == null || command.isBlank()) {
      throw new IllegalArgumentException("command must be named");
    }
    trust = trust == null ? null : Collections.unmodifiableMap(new TreeMap<>(trust));
    fields = fields == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** A summary with only its header; add sections with the {@code withXxx} methods. */
  public static Summary of(String command, String runtime, Long seed) {
    return new Summary(command, runtime, seed, null, null, null, null, null,
        null, null, null, null, null, null);
  }

  /** This summary with the {@code trust} section replaced. */
  public Summary withTrust(Map<String, Long> t) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        writes, locate, reconcile, traffic, resources, t);
  }

  /** This summary with the {@code peers} section replaced. */
  public Summary withPeers(PeerCounts s) {
    return new Summary(command, runtime, seed, fields, s, ring, lookups, keys,
        writes, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code ring} section replaced. */
  public Summary withRing(RingHealth s) {
    return new Summary(command, runtime, seed, fields, peers, s, lookups, keys,
        writes, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code lookups} section replaced. */
  public Summary withLookups(LookupStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, s, keys,
        writes, locate, reconcile, traffic, resources, trust);
  }

  /**
   * This summary with the command's own top-level fields replaced: written in their order right
   * after {@code seed}, a null value written as null (e.g. {@code fuzz}'s counts, {@code writes}'
   * settings, {@code sketch bloom}'s figures).
   */
  public Summary withFields(Map<String, Object> f) {
    return new Summary(command, runtime, seed, f, peers, ring, lookups, keys,
        writes, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code writes} section replaced. */
  public Summary withWrites(WriteStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        s, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code keys} section replaced. */
  public Summary withKeys(KeyStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, s,
        writes, locate, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code locate} section replaced. */
  public Summary withLocate(LocateStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        writes, s, reconcile, traffic, resources, trust);
  }

  /** This summary with the {@code reconcile} section replaced. */
  public Summary withReconcile(ReconcileStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        writes, locate, s, traffic, resources, trust);
  }

  /** This summary with the {@code traffic} section replaced. */
  public Summary withTraffic(TrafficStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        writes, locate, reconcile, s, resources, trust);
  }

  /** This summary with the {@code resources} section replaced. */
  public Summary withResources(ResourceStats s) {
    return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys,
        writes, locate, reconcile, traffic, s, trust);
  }
}
