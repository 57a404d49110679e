package org.bloomchord.experiments.cache;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.summary.CacheStats;
import org.bloomchord.overlay.Networks;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.ObjectNaming;
import org.bloomchord.routing.location.LocationConfig;

/**
 * The bundled reproduction {@code summary-cache}: Fan, Cao, Almeida and Broder, "Summary Cache: A
 * Scalable Wide-Area Web Cache Sharing Protocol" (SIGCOMM 1998; the technical report's HTML
 * sections), in our setting: 16 peers, Zipf 0.8 over 100,000 objects, 2,000 objects per peer,
 * 100,000 requests of which the first 40,000 warm the caches, on the simulator, several seeds.
 * Prints three markdown tables, each with the paper's statement beside our runs; a figure that
 * exists only as a plot in the paper is not quoted. The paper's figures come from five proxy traces
 * (DEC, UCB, UPisa, Questnet, NLANR) with 4 to 16 proxies and caches of 10% of the "infinite" cache
 * size; ours from a synthetic Zipf catalogue, so the comparison is of shape, not of value.
 */
public final class SummaryCacheReproduction {

  /** Peers in the group. */
  public static final int PEERS = 16;
  /** Objects in the catalogue. */
  public static final int OBJECTS = 100_000;
  /** Objects each peer caches. */
  public static final int CAPACITY = 2000;
  /** Requests, warm-up included. */
  public static final int REQUESTS = 100_000;
  /** Requests before the figures start. */
  public static final int WARMUP = 40_000;
  /** Zipf exponent of the catalogue. */
  public static final double ZIPF = 0.8;
  /** Requests per second in the group. */
  public static final double RATE = 100;
  /** The paper's update thresholds (Section 5.1, Figure 2). */
  public static final double[] THRESHOLDS = {0.001, 0.01, 0.02, 0.05, 0.10};

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String ICP = "icp";
  private static final String IMMEDIATE = "immediate";
  /** The prefix of a part at an update threshold, followed by the threshold ({@code threshold-0.01}). */
  private static final String THRESHOLD = "threshold-";
  private static final String SUMMARY16 = "summary16";
  private static final String SUMMARY16K10 = "summary16k10";
  private static final String ICP_NUMBERS = "icpNumbers";
  private static final String SUMMARY8_NUMBERS = "summary8Numbers";
  private static final String SUMMARY16_NUMBERS = "summary16Numbers";

  private final List<Long> seeds;
  private final Consumer<String> progress;

  /** A reproduction over {@code seeds}, reporting each finished run to {@code progress}. */
  public SummaryCacheReproduction(List<Long> seeds, Consumer<String> progress) {
    this.seeds = List.copyOf(seeds);
    this.progress = progress;
  }

  private record Runs(List<CacheStats> icp, List<CacheStats> immediate, List<CacheStats> summary8,
      List<CacheStats> summary16, List<List<CacheStats>> byThreshold, List<CacheStats> summary16k10,
      List<CacheStats> icpNumbers, List<CacheStats> summary8Numbers, List<CacheStats> summary16Numbers) {
    /** A builder with every component unset (zero, false or null). */
    private static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Runs} by name; {@link #build()} runs the record's checks. */
    private static final class Builder {
      private List<CacheStats> icp;
      private List<CacheStats> immediate;
      private List<CacheStats> summary8;
      private List<CacheStats> summary16;
      private List<List<CacheStats>> byThreshold;
      private List<CacheStats> summary16k10;
      private List<CacheStats> icpNumbers;
      private List<CacheStats> summary8Numbers;
      private List<CacheStats> summary16Numbers;

      private Builder() {
      }

      /** Sets {@link Runs#icp()}. */
      public Builder icp(List<CacheStats> value) {
        icp = value;
        return this;
      }

      /** Sets {@link Runs#immediate()}. */
      public Builder immediate(List<CacheStats> value) {
        immediate = value;
        return this;
      }

      /** Sets {@link Runs#summary8()}. */
      public Builder summary8(List<CacheStats> value) {
        summary8 = value;
        return this;
      }

      /** Sets {@link Runs#summary16()}. */
      public Builder summary16(List<CacheStats> value) {
        summary16 = value;
        return this;
      }

      /** Sets {@link Runs#byThreshold()}. */
      public Builder byThreshold(List<List<CacheStats>> value) {
        byThreshold = value;
        return this;
      }

      /** Sets {@link Runs#summary16k10()}. */
      public Builder summary16k10(List<CacheStats> value) {
        summary16k10 = value;
        return this;
      }

      /** Sets {@link Runs#icpNumbers()}. */
      public Builder icpNumbers(List<CacheStats> value) {
        icpNumbers = value;
        return this;
      }

      /** Sets {@link Runs#summary8Numbers()}. */
      public Builder summary8Numbers(List<CacheStats> value) {
        summary8Numbers = value;
        return this;
      }

      /** Sets {@link Runs#summary16Numbers()}. */
      public Builder summary16Numbers(List<CacheStats> value) {
        summary16Numbers = value;
        return this;
      }

      /** The record. */
      public Runs build() {
        return new Runs(icp, immediate, summary8, summary16, byThreshold, summary16k10, icpNumbers,
            summary8Numbers, summary16Numbers);
      }
    }
  }

  /** Runs everything and prints the tables. */
  public void run(PrintWriter out) {
    run(out, false);
  }

  /**
   * Runs everything and prints the tables or, with {@code json}, one JSON array of every run's
   * figures, each with its {@code seed} and the {@code part} of the reproduction it is (the input of
   * {@link #markdown}).
   */
  public void run(PrintWriter out, boolean json) {
    ArrayNode runs = JSON.createArrayNode();
    for (long seed : seeds) {
      List<CacheRequest> workload = CacheWorkload.zipf(PEERS, OBJECTS, ZIPF, REQUESTS, RATE, seed);
      add(runs, seed, ICP, run(workload, seed, CacheConfig.defaults(CacheProtocol.ICP).withNaming(ObjectNaming.URL)));
      // the paper's "no update delay": an update after every insertion
      add(runs, seed, IMMEDIATE, run(workload, seed, summary(8, 4, 1.0 / CAPACITY)));
      for (double t : THRESHOLDS) {
        add(runs, seed, THRESHOLD + t, run(workload, seed, summary(8, 4, t)));
      }
      add(runs, seed, SUMMARY16, run(workload, seed, summary(16, 4, 0.01)));
      add(runs, seed, SUMMARY16K10, run(workload, seed, summary(16, 10, 0.01)));
      // the same three settings with objects named by number instead of URL
      add(runs, seed, ICP_NUMBERS, run(workload, seed,
          CacheConfig.defaults(CacheProtocol.ICP).withNaming(ObjectNaming.NUMBER)));
      add(runs, seed, SUMMARY8_NUMBERS, run(workload, seed, summary(8, 4, 0.01).withNaming(ObjectNaming.NUMBER)));
      add(runs, seed, SUMMARY16_NUMBERS, run(workload, seed, summary(16, 4, 0.01).withNaming(ObjectNaming.NUMBER)));
    }
    if (json) {
      try {
        out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(runs));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
      out.flush();
    } else {
      List<JsonNode> all = new ArrayList<>();
      runs.forEach(all::add);
      out.print(markdown(all));
      out.flush();
    }
  }

  private static void add(ArrayNode runs, long seed, String part, CacheStats stats) {
    ObjectNode run = runs.addObject();
    run.put("command", "cache");
    run.put("reproduce", "summary-cache");
    run.put("seed", seed);
    run.put("part", part);
    run.set("cache", JSON.valueToTree(stats));
  }

  /**
   * The reproduction's tables of the runs {@code cache --reproduce summary-cache --json} printed (the
   * outputs of several seeds one after another give the tables over all of them, seeds in order of
   * appearance), as the command prints them.
   *
   * @throws IllegalArgumentException when a run is not one of the reproduction or a seed lacks a part
   */
  public static String markdown(List<JsonNode> runs) {
    List<Long> seedsSeen = new ArrayList<>();
    java.util.Map<String, java.util.Map<Long, CacheStats>> byPart = new java.util.HashMap<>();
    for (JsonNode run : runs) {
      if (!"summary-cache".equals(run.path("reproduce").asText()) || !run.has("cache")) {
        throw new IllegalArgumentException("not a run of cache --reproduce summary-cache --json");
      }
      long seed = run.path("seed").asLong();
      if (!seedsSeen.contains(seed)) {
        seedsSeen.add(seed);
      }
      try {
        byPart.computeIfAbsent(run.path("part").asText(), k -> new java.util.HashMap<>())
            .put(seed, JSON.treeToValue(run.get("cache"), CacheStats.class));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("a cache section that is not one: " + e.getOriginalMessage());
      }
    }
    List<List<CacheStats>> byThreshold = new ArrayList<>();
    for (double t : THRESHOLDS) {
      byThreshold.add(part(byPart, THRESHOLD + t, seedsSeen));
    }
    Runs r = Runs.builder().icp(part(byPart, ICP, seedsSeen)).immediate(part(byPart, IMMEDIATE, seedsSeen))
        .summary8(part(byPart, THRESHOLD + 0.01, seedsSeen)).summary16(part(byPart, SUMMARY16, seedsSeen))
        .byThreshold(byThreshold).summary16k10(part(byPart, SUMMARY16K10, seedsSeen))
        .icpNumbers(part(byPart, ICP_NUMBERS, seedsSeen)).summary8Numbers(part(byPart, SUMMARY8_NUMBERS, seedsSeen))
        .summary16Numbers(part(byPart, SUMMARY16_NUMBERS, seedsSeen)).build();
    StringWriter out = new StringWriter();
    print(r, seedsSeen, new PrintWriter(out));
    return out.toString();
  }

  private static List<CacheStats> part(java.util.Map<String, java.util.Map<Long, CacheStats>> byPart, String part,
      List<Long> seeds) {
    List<CacheStats> out = new ArrayList<>();
    for (long seed : seeds) {
      CacheStats s = byPart.getOrDefault(part, java.util.Map.of()).get(seed);
      if (s == null) {
        throw new IllegalArgumentException("seed " + seed + " has no run of part '" + part + "'");
      }
      out.add(s);
    }
    return out;
  }

  private static CacheConfig summary(int bits, int k, double threshold) {
    return CacheConfig.defaults(CacheProtocol.SUMMARY).withSummary(bits, k).withUpdateThreshold(threshold)
        .withNaming(ObjectNaming.URL);
  }

  private CacheStats run(List<CacheRequest> workload, long seed, CacheConfig config) {
    CacheConfig c = config.withCapacity(CAPACITY).withMaxGroup(PEERS);
    CacheStats s = new CacheTrial(Networks.SIM, PEERS, workload, WARMUP, seed, ChordConfig.defaults(), c,
        LocationConfig.defaults()).run().stats();
    progress.accept(String.format(Locale.ROOT, "summary-cache: %s (%s) %d bits/entry k=%d threshold %s seed %d done",
        c.protocol().wireName(), c.naming().wireName(), c.bitsPerEntry(), c.hashes(), c.updateThreshold(), seed));
    return s;
  }

  private static void print(Runs r, List<Long> seeds, PrintWriter out) {
    out.printf(Locale.ROOT, "Setting: paper: traces DEC, UCB, UPisa, Questnet, NLANR; 4 to 16 proxies; caches of 10%%"
        + " of the infinite cache size. Ours: %d peers, Zipf %.1f over %,d objects, %,d objects per peer, %,d requests"
        + " (%,d warm-up), seeds %s, simulator; objects named by URL (mean %.1f bytes per request's URL) or by"
        + " number (mean %.2f bytes per varlong).%n%n", PEERS, ZIPF, OBJECTS, CAPACITY, REQUESTS, WARMUP, seeds,
        mean(values(r.icp(), CacheStats::meanNameBytes)), mean(values(r.icpNumbers(), CacheStats::meanNameBytes)));
    out.println("Table 1. Abstract (SIGCOMM 1998): summary cache against ICP, threshold 1%; the paper's queries"
        + " carry URLs, ours URLs (the setting of the aims) or numbers.");
    out.println();
    out.println("| quantity | paper | ours, URLs, 8 bits/entry | ours, URLs, 16 bits/entry"
        + " | ours, numbers, 8 bits/entry | ours, numbers, 16 bits/entry |");
    out.println("|---|---|---:|---:|---:|---:|");
    out.println("| ICP messages / summary messages | 25 to 60 | "
        + ratios(r.icp(), r.summary8(), r.summary16(), r.icpNumbers(), r.summary8Numbers(), r.summary16Numbers(),
            CacheStats::messagesPerRequest, true) + " |");
    out.println("| summary bytes / ICP bytes | below 0.5 (\"over 50%\" less) | "
        + ratios(r.icp(), r.summary8(), r.summary16(), r.icpNumbers(), r.summary8Numbers(), r.summary16Numbers(),
            CacheStats::bytesPerRequest, false) + " |");
    out.println("| summary hit ratio / ICP hit ratio | \"almost the same\" | "
        + ratios(r.icp(), r.summary8(), r.summary16(), r.icpNumbers(), r.summary8Numbers(), r.summary16Numbers(),
            CacheStats::hitRatio, false) + " |");
    out.println("| ICP bytes / request | plotted only (Figure 8) | " + range(values(r.icp(),
        CacheStats::bytesPerRequest), "%.1f", 1) + " | = | " + range(values(r.icpNumbers(),
        CacheStats::bytesPerRequest), "%.1f", 1) + " | = |");
    out.println("| summary bytes / request (of which updates) | plotted only (Figure 8) | "
        + bytes(r.summary8()) + " | " + bytes(r.summary16()) + " | " + bytes(r.summary8Numbers()) + " | "
        + bytes(r.summary16Numbers()) + " |");
    out.println();
    out.println("Table 2. Section 5.1 \"Impact of Update Delays\" (text on Figure 2): relative reduction of the"
        + " total hit ratio against no update delay (ours: an update after every insertion), and stale"
        + " information, by update threshold; 8 bits/entry.");
    out.println();
    out.println("| threshold | paper: relative hit-ratio reduction | ours: relative reduction | ours: stale hits/req"
        + " | ours: remote misses/req |");
    out.println("|---:|---|---:|---:|---:|");
    out.println("| 1 object (no delay) | 0 (the reference) | 0 (the reference) | "
        + range(values(r.immediate(), x -> (double) x.staleHits() / x.requests()), "%.5f", 1) + " | "
        + range(values(r.immediate(), x -> (double) x.remoteMisses() / x.requests()), "%.5f", 1) + " |");
    for (int i = 0; i < THRESHOLDS.length; i++) {
      List<CacheStats> t = r.byThreshold().get(i);
      List<Double> reduction = new ArrayList<>();
      for (int s = 0; s < t.size(); s++) {
        reduction.add(1 - t.get(s).hitRatio() / r.immediate().get(s).hitRatio());
      }
      String paper = THRESHOLDS[i] == 0.01 ? "0.1% (UPisa), 0.2% (UCB), 0.3% (Questnet), 1.7% (DEC)"
          : "plotted only (not quoted)";
      out.println("| " + pct(THRESHOLDS[i]) + " | " + paper + " | " + range(reduction, "%.2f%%", 100)
          + " | " + range(values(t, x -> (double) x.staleHits() / x.requests()), "%.5f", 1)
          + " | " + range(values(t, x -> (double) x.remoteMisses() / x.requests()), "%.5f", 1) + " |");
    }
    out.println();
    out.println("Table 3. Section 6 \"Scalability\" (text): false-positive probability of one summary at load"
        + " factor 16 with 10 hash functions.");
    out.println();
    double f = BloomMath.falsePositiveApprox(16L * CAPACITY, 10, CAPACITY);
    List<Double> measured = new ArrayList<>();
    for (CacheStats s : r.summary16k10()) {
      measured.add(s.expectedFalseHits() == 0 ? 0 : f * s.falseHits() / s.expectedFalseHits());
    }
    out.println("| quantity | paper | ours: formula (1-e^(-kn/m))^k, full cache | ours: measured |");
    out.println("|---|---|---:|---:|");
    out.println("| false positives per summary consulted | less than 0.00047 | "
        + String.format(Locale.ROOT, "%.5f", f) + " | " + range(measured, "%.5f", 1) + " |");
    out.flush();
  }

  /** The four columns of Table 1: ICP over summary (or summary over ICP) per naming and summary shape. */
  private static String ratios(List<CacheStats> icp, List<CacheStats> s8, List<CacheStats> s16,
      List<CacheStats> icpN, List<CacheStats> s8N, List<CacheStats> s16N, ToDoubleFunction<CacheStats> f,
      boolean icpOverSummary) {
    return String.join(" | ", icpOverSummary ? ratio(icp, s8, f) : ratio(s8, icp, f),
        icpOverSummary ? ratio(icp, s16, f) : ratio(s16, icp, f),
        icpOverSummary ? ratio(icpN, s8N, f) : ratio(s8N, icpN, f),
        icpOverSummary ? ratio(icpN, s16N, f) : ratio(s16N, icpN, f));
  }

  private static String bytes(List<CacheStats> runs) {
    return range(values(runs, CacheStats::bytesPerRequest), "%.1f", 1) + " ("
        + range(values(runs, x -> (double) x.summaryBytes() / x.requests()), "%.1f", 1) + ")";
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  private static List<Double> values(List<CacheStats> runs, ToDoubleFunction<CacheStats> f) {
    return runs.stream().map(f::applyAsDouble).toList();
  }

  private static String ratio(List<CacheStats> a, List<CacheStats> b, ToDoubleFunction<CacheStats> f) {
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      v.add(f.applyAsDouble(a.get(i)) / f.applyAsDouble(b.get(i)));
    }
    return range(v, "%.3f", 1);
  }

  private static String range(List<Double> v, String format, double scale) {
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      sum += x;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    String mean = String.format(Locale.ROOT, format, scale * sum / v.size());
    return v.size() == 1 ? mean : mean + " [" + String.format(Locale.ROOT, format, scale * min) + ", "
        + String.format(Locale.ROOT, format, scale * max) + "]";
  }

  private static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", 100 * share);
  }
}
