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
    return builder().command(command).runtime(runtime).seed(seed).build();
  }

  /** This summary with the {@code trust} section replaced. */
  public Summary withTrust(Map<String, Long> t) {
    return toBuilder().trust(t).build();
  }

  /** This summary with the {@code peers} section replaced. */
  public Summary withPeers(PeerCounts s) {
    return toBuilder().peers(s).build();
  }

  /** This summary with the {@code ring} section replaced. */
  public Summary withRing(RingHealth s) {
    return toBuilder().ring(s).build();
  }

  /** This summary with the {@code lookups} section replaced. */
  public Summary withLookups(LookupStats s) {
    return toBuilder().lookups(s).build();
  }

  /**
   * This summary with the command's own top-level fields replaced: written in their order right
   * after {@code seed}, a null value written as null (e.g. {@code fuzz}'s counts, {@code writes}'
   * settings, {@code sketch bloom}'s figures).
   */
  public Summary withFields(Map<String, Object> f) {
    return toBuilder().fields(f).build();
  }

  /** This summary with the {@code writes} section replaced. */
  public Summary withWrites(WriteStats s) {
    return toBuilder().writes(s).build();
  }

  /** This summary with the {@code keys} section replaced. */
  public Summary withKeys(KeyStats s) {
    return toBuilder().keys(s).build();
  }

  /** This summary with the {@code locate} section replaced. */
  public Summary withLocate(LocateStats s) {
    return toBuilder().locate(s).build();
  }

  /** This summary with the {@code reconcile} section replaced. */
  public Summary withReconcile(ReconcileStats s) {
    return toBuilder().reconcile(s).build();
  }

  /** This summary with the {@code traffic} section replaced. */
  public Summary withTraffic(TrafficStats s) {
    return toBuilder().traffic(s).build();
  }

  /** This summary with the {@code resources} section replaced. */
  public Summary withResources(ResourceStats s) {
    return toBuilder().resources(s).build();
  }

  /** A builder with no header and no sections. */
  private static Builder builder() {
    return new Builder();
  }

  /** A builder holding this summary's components. */
  private Builder toBuilder() {
    return new Builder()
        .command(command)
        .runtime(runtime)
        .seed(seed)
        .fields(fields)
        .peers(peers)
        .ring(ring)
        .lookups(lookups)
        .keys(keys)
        .writes(writes)
        .locate(locate)
        .reconcile(reconcile)
        .traffic(traffic)
        .resources(resources)
        .trust(trust);
  }

  /** Builds a {@link Summary} by name; {@link #build()} runs the record's checks. */
  private static final class Builder {
    private String command;
    private String runtime;
    private Long seed;
    private Map<String, Object> fields;
    private PeerCounts peers;
    private RingHealth ring;
    private LookupStats lookups;
    private KeyStats keys;
    private WriteStats writes;
    private LocateStats locate;
    private ReconcileStats reconcile;
    private TrafficStats traffic;
    private ResourceStats resources;
    private Map<String, Long> trust;

    private Builder() {
    }

    /** Sets {@link Summary#command()}. */
    public Builder command(String value) {
      command = value;
      return this;
    }

    /** Sets {@link Summary#runtime()}. */
    public Builder runtime(String value) {
      runtime = value;
      return this;
    }

    /** Sets {@link Summary#seed()}. */
    public Builder seed(Long value) {
      seed = value;
      return this;
    }

    /** Sets {@link Summary#fields()}. */
    public Builder fields(Map<String, Object> value) {
      fields = value;
      return this;
    }

    /** Sets {@link Summary#peers()}. */
    public Builder peers(PeerCounts value) {
      peers = value;
      return this;
    }

    /** Sets {@link Summary#ring()}. */
    public Builder ring(RingHealth value) {
      ring = value;
      return this;
    }

    /** Sets {@link Summary#lookups()}. */
    public Builder lookups(LookupStats value) {
      lookups = value;
      return this;
    }

    /** Sets {@link Summary#keys()}. */
    public Builder keys(KeyStats value) {
      keys = value;
      return this;
    }

    /** Sets {@link Summary#writes()}. */
    public Builder writes(WriteStats value) {
      writes = value;
      return this;
    }

    /** Sets {@link Summary#locate()}. */
    public Builder locate(LocateStats value) {
      locate = value;
      return this;
    }

    /** Sets {@link Summary#reconcile()}. */
    public Builder reconcile(ReconcileStats value) {
      reconcile = value;
      return this;
    }

    /** Sets {@link Summary#traffic()}. */
    public Builder traffic(TrafficStats value) {
      traffic = value;
      return this;
    }

    /** Sets {@link Summary#resources()}. */
    public Builder resources(ResourceStats value) {
      resources = value;
      return this;
    }

    /** Sets {@link Summary#trust()}. */
    public Builder trust(Map<String, Long> value) {
      trust = value;
      return this;
    }

    /** The record. */
    public Summary build() {
      return new Summary(command, runtime, seed, fields, peers, ring, lookups, keys, writes, locate, reconcile,
          traffic, resources, trust);
    }
  }
}
