package org.bloomchord.routing.location;

import org.bloomchord.routing.bloom.BloomShape;

/**
 * Settings of the location layer. Durations are milliseconds of the runtime's clock. The canonical
 * constructor validates every field; {@link #defaults()} gives the documented defaults and the
 * {@code withX} methods derive variants.
 *
 * @param depth d, the levels of each link's attenuated filter, 1..16 (default 3)
 * @param bitsPerLevel m of every level and of the local filter, 64..2^20 (default 4096)
 * @param hashes k, probes per object, 1..16 (default 3; under heavy churn 2 sends about a fifth
 *     fewer upkeep bytes at the same within-depth share, see docs/BENCHMARKS.md)
 * @param refreshMs period of the summary pull from each link (default 1000)
 * @param leaseMs how long a pointer in the directory lives unless its holder refreshes it; holders
 *     refresh every leaseMs / 3 (default 30 000)
 * @param maxQueryHops hops after which a query leaves the probabilistic phase, 1..255 (default 32)
 * @param filterExpiryMs a link filter not refreshed for this long is dropped; 0 means
 *     3 * refreshMs (default 0)
 * @param queryTimeoutMs how long the origin waits for the answer of a forwarded query before it
 *     resolves the key itself on the deterministic path (default 30 000)
 * @param maxHoldersPerPointer most holders one pointer record keeps, 1..1024 (default 32); when
 *     full, the lease that expires first gives way
 * @param maxPendingLocates most locates this peer has in progress as origin (default 4096); more
 *     are refused at once ({@code trust.refused.locates})
 * @param maxSummaryPulls most summary pulls in flight at once (default 256, above any honest link
 *     count); more wait for the next round ({@code trust.refused.summaryPulls})
 * @param maxPointersPerHolder most pointer leases one holder may hold at this peer as primary
 *     (default 1024); a lease for a further key is refused ({@code trust.refused.pointers})
 * @param maxTrackedHolders most holders whose leases a primary counts at once (default 4096); the
 *     holder tracked longest gives way ({@code trust.evicted.pointerHolders})
 */
public record LocationConfig(
    int depth,
    int bitsPerLevel,
    int hashes,
    long refreshMs,
    long leaseMs,
    int maxQueryHops,
    long filterExpiryMs,
    long queryTimeoutMs,
    int maxHoldersPerPointer,
    int maxPendingLocates,
    int maxSummaryPulls,
    int maxPointersPerHolder,
    int maxTrackedHolders) {

  /** Largest depth accepted. */
  public static final int MAX_DEPTH = 16;
  /** Smallest level width accepted. */
  public static final int MIN_BITS = 64;
  /** Largest level width accepted. */
  public static final int MAX_BITS = 1 << 20;

  public LocationConfig {
    check(depth >= 1 && depth <= MAX_DEPTH, "depth must be in 1.." + MAX_DEPTH + ", got " + depth);
    check(bitsPerLevel >= MIN_BITS && bitsPerLevel <= MAX_BITS,
        "bitsPerLevel must be in " + MIN_BITS + ".." + MAX_BITS + ", got " + bitsPerLevel);
    check(hashes >= 1 && hashes <= 16, "hashes must be in 1..16, got " + hashes);
    check(refreshMs > 0, "refreshMs must be positive, got " + refreshMs);
    check(leaseMs >= 3, "leaseMs must be at least 3, got " + leaseMs);
    check(maxQueryHops >= 1 && maxQueryHops <= 255, "maxQueryHops must be in 1..255, got " + maxQueryHops);
    if (filterExpiryMs == 0) {
      filterExpiryMs = 3 * refreshMs;
    }
    check(filterExpiryMs > refreshMs, "filterExpiryMs must exceed refreshMs, got " + filterExpiryMs);
    check(queryTimeoutMs > 0, "queryTimeoutMs must be positive, got " + queryTimeoutMs);
    check(maxHoldersPerPointer >= 1 && maxHoldersPerPointer <= 1024,
        "maxHoldersPerPointer must be in 1..1024, got " + maxHoldersPerPointer);
    check(maxPendingLocates >= 1, "maxPendingLocates must be positive, got " + maxPendingLocates);
    check(maxSummaryPulls >= 1, "maxSummaryPulls must be positive, got " + maxSummaryPulls);
    check(maxPointersPerHolder >= 1, "maxPointersPerHolder must be positive, got " + maxPointersPerHolder);
    check(maxTrackedHolders >= 1, "maxTrackedHolders must be positive, got " + maxTrackedHolders);
  }

  /** Default of {@link #maxPendingLocates}. */
  public static final int DEFAULT_MAX_PENDING_LOCATES = 4096;
  /** Default of {@link #maxSummaryPulls}. */
  public static final int DEFAULT_MAX_SUMMARY_PULLS = 256;
  /** Default of {@link #maxPointersPerHolder}. */
  public static final int DEFAULT_MAX_POINTERS_PER_HOLDER = 1024;
  /** Default of {@link #maxTrackedHolders}. */
  public static final int DEFAULT_MAX_TRACKED_HOLDERS = 4096;

  /** This configuration with other caps of the per-request and per-holder maps. */
  public LocationConfig withCaps(int pendingLocates, int summaryPulls, int pointersPerHolder, int trackedHolders) {
    return toBuilder().maxPendingLocates(pendingLocates).maxSummaryPulls(summaryPulls)
        .maxPointersPerHolder(pointersPerHolder).maxTrackedHolders(trackedHolders).build();
  }

  /** The documented defaults. */
  public static LocationConfig defaults() {
    return builder().depth(3).bitsPerLevel(4096).hashes(3).refreshMs(1000).leaseMs(30_000).maxQueryHops(32)
        .filterExpiryMs(0).queryTimeoutMs(30_000).maxHoldersPerPointer(32)
        .maxPendingLocates(DEFAULT_MAX_PENDING_LOCATES)
        .maxSummaryPulls(DEFAULT_MAX_SUMMARY_PULLS).maxPointersPerHolder(DEFAULT_MAX_POINTERS_PER_HOLDER)
        .maxTrackedHolders(DEFAULT_MAX_TRACKED_HOLDERS).build();
  }

  /** The shape of every level. */
  public BloomShape shape() {
    return new BloomShape(bitsPerLevel, hashes);
  }

  /** This configuration with another depth and level width. */
  public LocationConfig withFilters(int d, int bits) {
    return toBuilder().depth(d).bitsPerLevel(bits).build();
  }

  /** This configuration with another number of probes per object. */
  public LocationConfig withHashes(int k) {
    return toBuilder().hashes(k).build();
  }

  /** This configuration with other refresh and lease periods; the filter expiry follows the refresh. */
  public LocationConfig withPeriods(long refresh, long lease) {
    return toBuilder().refreshMs(refresh).leaseMs(lease).filterExpiryMs(0).build();
  }

  /** This configuration with another query timeout. */
  public LocationConfig withQueryTimeoutMs(long timeout) {
    return toBuilder().queryTimeoutMs(timeout).build();
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  public Builder toBuilder() {
    return new Builder()
        .depth(depth)
        .bitsPerLevel(bitsPerLevel)
        .hashes(hashes)
        .refreshMs(refreshMs)
        .leaseMs(leaseMs)
        .maxQueryHops(maxQueryHops)
        .filterExpiryMs(filterExpiryMs)
        .queryTimeoutMs(queryTimeoutMs)
        .maxHoldersPerPointer(maxHoldersPerPointer)
        .maxPendingLocates(maxPendingLocates)
        .maxSummaryPulls(maxSummaryPulls)
        .maxPointersPerHolder(maxPointersPerHolder)
        .maxTrackedHolders(maxTrackedHolders);
  }

  /** Builds a {@link LocationConfig} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private int depth;
    private int bitsPerLevel;
    private int hashes;
    private long refreshMs;
    private long leaseMs;
    private int maxQueryHops;
    private long filterExpiryMs;
    private long queryTimeoutMs;
    private int maxHoldersPerPointer;
    private int maxPendingLocates;
    private int maxSummaryPulls;
    private int maxPointersPerHolder;
    private int maxTrackedHolders;

    private Builder() {
    }

    /** Sets {@link LocationConfig#depth()}. */
    public Builder depth(int value) {
      depth = value;
      return this;
    }

    /** Sets {@link LocationConfig#bitsPerLevel()}. */
    public Builder bitsPerLevel(int value) {
      bitsPerLevel = value;
      return this;
    }

    /** Sets {@link LocationConfig#hashes()}. */
    public Builder hashes(int value) {
      hashes = value;
      return this;
    }

    /** Sets {@link LocationConfig#refreshMs()}. */
    public Builder refreshMs(long value) {
      refreshMs = value;
      return this;
    }

    /** Sets {@link LocationConfig#leaseMs()}. */
    public Builder leaseMs(long value) {
      leaseMs = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxQueryHops()}. */
    public Builder maxQueryHops(int value) {
      maxQueryHops = value;
      return this;
    }

    /** Sets {@link LocationConfig#filterExpiryMs()}. */
    public Builder filterExpiryMs(long value) {
      filterExpiryMs = value;
      return this;
    }

    /** Sets {@link LocationConfig#queryTimeoutMs()}. */
    public Builder queryTimeoutMs(long value) {
      queryTimeoutMs = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxHoldersPerPointer()}. */
    public Builder maxHoldersPerPointer(int value) {
      maxHoldersPerPointer = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxPendingLocates()}. */
    public Builder maxPendingLocates(int value) {
      maxPendingLocates = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxSummaryPulls()}. */
    public Builder maxSummaryPulls(int value) {
      maxSummaryPulls = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxPointersPerHolder()}. */
    public Builder maxPointersPerHolder(int value) {
      maxPointersPerHolder = value;
      return this;
    }

    /** Sets {@link LocationConfig#maxTrackedHolders()}. */
    public Builder maxTrackedHolders(int value) {
      maxTrackedHolders = value;
      return this;
    }

    /** The record. */
    public LocationConfig build() {
      return new LocationConfig(depth, bitsPerLevel, hashes, refreshMs, leaseMs, maxQueryHops,
          filterExpiryMs, queryTimeoutMs, maxHoldersPerPointer, maxPendingLocates, maxSummaryPulls,
          maxPointersPerHolder, maxTrackedHolders);
    }
  }
}
