package org.bloomchord.experiments.scenario;

import java.util.List;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.ObjectNaming;

/**
 * The {@code cache} section of a scenario: after its phases, the run measures cooperative caching
 * ({@code bloomchord cache}) with each listed protocol on the same request stream, a group of the
 * scenario's {@code peers} peers with its seed, runtime, {@code chord} and {@code routing} settings,
 * and writes one {@code cache} section with a row per protocol into summary.json. No measurement
 * without the section. Defaults of a present section: {@link #DEFAULTS}.
 *
 * @param protocols the protocols measured, in order (a comma-separated list in the file)
 * @param names how objects are named on the wire
 * @param objects objects in the Zipf catalogue
 * @param zipf the catalogue's Zipf exponent
 * @param capacity objects each peer caches
 * @param requests requests, the warm-up included
 * @param warmup requests served before the figures start, below {@code requests}
 * @param rate requests per second in the group (Poisson arrivals)
 * @param bitsPerEntry summary bits per cached object
 * @param hashes probes per object in a summary
 * @param updateThreshold share of the capacity inserted before a summary update, in (0, 1]
 * @param deltas whether summary updates may travel as deltas
 */
public record CacheSettings(List<CacheProtocol> protocols, ObjectNaming names, int objects, double zipf, int capacity,
    int requests, int warmup, double rate, int bitsPerEntry, int hashes, double updateThreshold, boolean deltas) {

  /** The keys of the section, in the order messages list them. */
  public static final List<String> KEYS = List.of("protocols", "names", "objects", "zipf", "capacity", "requests",
      "warmup", "rate", "bitsPerEntry", "hashes", "updateThreshold", "deltas");

  /** No cache measurement (the scenario has no {@code cache} section). */
  public static final CacheSettings NONE = CacheSettings.builder().protocols(List.of()).names(ObjectNaming.URL)
      .objects(100_000).zipf(0.8).capacity(2000).requests(20_000).warmup(5000).rate(100).bitsPerEntry(8).hashes(4)
      .updateThreshold(0.01).deltas(true).build();

  /**
   * The defaults of a present section: ICP against summary, objects named by URL, 100,000 objects of
   * Zipf 0.8, 2,000 per peer, 20,000 requests at 100 per second of which 5,000 warm the caches,
   * 8 bits per entry, 4 probes, threshold 1%, deltas on.
   */
  public static final CacheSettings DEFAULTS = CacheSettings.builder()
      .protocols(List.of(CacheProtocol.ICP, CacheProtocol.SUMMARY)).names(ObjectNaming.URL).objects(100_000)
      .zipf(0.8).capacity(2000).requests(20_000).warmup(5000).rate(100).bitsPerEntry(8).hashes(4)
      .updateThreshold(0.01).deltas(true).build();

  public CacheSettings {
    protocols = List.copyOf(protocols);
    if (names == null || objects < 1 || !(zipf >= 0) || capacity < 1 || capacity > CacheConfig.MAX_CAPACITY
        || requests < 1 || warmup < 0 || !(rate > 0) || bitsPerEntry < 1 || bitsPerEntry > 64 || hashes < 1
        || hashes > 16 || !(updateThreshold > 0 && updateThreshold <= 1)) {
      throw new IllegalArgumentException("cache settings out of range");
    }
  }

  /** Whether the run measures caching. */
  public boolean enabled() {
    return !protocols.isEmpty();
  }

  /** The peers' cache settings for {@code protocol} in a group of {@code peers}. */
  public CacheConfig config(CacheProtocol protocol, int peers) {
    return CacheConfig.defaults(protocol).withCapacity(capacity).withSummary(bitsPerEntry, hashes)
        .withUpdateThreshold(updateThreshold).withDeltas(deltas).withMaxGroup(Math.min(CacheConfig.MAX_GROUP, peers))
        .withNaming(names);
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link CacheSettings} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private List<CacheProtocol> protocols;
    private ObjectNaming names;
    private int objects;
    private double zipf;
    private int capacity;
    private int requests;
    private int warmup;
    private double rate;
    private int bitsPerEntry;
    private int hashes;
    private double updateThreshold;
    private boolean deltas;

    private Builder() {
    }

    /** Sets {@link CacheSettings#protocols()}. */
    public Builder protocols(List<CacheProtocol> value) {
      protocols = value;
      return this;
    }

    /** Sets {@link CacheSettings#names()}. */
    public Builder names(ObjectNaming value) {
      names = value;
      return this;
    }

    /** Sets {@link CacheSettings#objects()}. */
    public Builder objects(int value) {
      objects = value;
      return this;
    }

    /** Sets {@link CacheSettings#zipf()}. */
    public Builder zipf(double value) {
      zipf = value;
      return this;
    }

    /** Sets {@link CacheSettings#capacity()}. */
    public Builder capacity(int value) {
      capacity = value;
      return this;
    }

    /** Sets {@link CacheSettings#requests()}. */
    public Builder requests(int value) {
      requests = value;
      return this;
    }

    /** Sets {@link CacheSettings#warmup()}. */
    public Builder warmup(int value) {
      warmup = value;
      return this;
    }

    /** Sets {@link CacheSettings#rate()}. */
    public Builder rate(double value) {
      rate = value;
      return this;
    }

    /** Sets {@link CacheSettings#bitsPerEntry()}. */
    public Builder bitsPerEntry(int value) {
      bitsPerEntry = value;
      return this;
    }

    /** Sets {@link CacheSettings#hashes()}. */
    public Builder hashes(int value) {
      hashes = value;
      return this;
    }

    /** Sets {@link CacheSettings#updateThreshold()}. */
    public Builder updateThreshold(double value) {
      updateThreshold = value;
      return this;
    }

    /** Sets {@link CacheSettings#deltas()}. */
    public Builder deltas(boolean value) {
      deltas = value;
      return this;
    }

    /** The record. */
    public CacheSettings build() {
      return new CacheSettings(protocols, names, objects, zipf, capacity, requests, warmup, rate,
          bitsPerEntry, hashes, updateThreshold, deltas);
    }
  }
}
