package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.experiments.cache.CacheRequest;
import org.bloomchord.experiments.cache.CacheTable;
import org.bloomchord.experiments.cache.CacheTrial;
import org.bloomchord.experiments.cache.CacheWorkload;
import org.bloomchord.experiments.cache.SummaryCacheReproduction;
import org.bloomchord.experiments.summary.Summary;
import org.bloomchord.experiments.summary.SummaryJson;
import org.bloomchord.overlay.Networks;
import org.bloomchord.routing.cache.CacheConfig;
import org.bloomchord.routing.cache.CacheProtocol;
import org.bloomchord.routing.cache.ObjectNaming;
import org.bloomchord.routing.location.LocationConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord cache}: a group of N peers caching for each other, one run per combination of
 * the listed protocols, group sizes, summary shapes, update thresholds and seeds, on the same
 * request stream for one seed. Prints a markdown table (mean and range over the seeds), or with
 * {@code --json} the shared summaries (header, {@code cache}, the {@code setting} it measured,
 * {@code peers}, {@code traffic}).
 */
@Command(
    name = "cache",
    mixinStandardHelpOptions = true,
    description = "Measure cooperative caching: none, icp, summary (Bloom summaries), attenuated, directory.")
public final class CacheCommand implements Callable<Integer> {

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--reproduce", paramLabel = "NAME",
      description = "Run a bundled reproduction instead (summary-cache: the paper's statements beside our runs"
          + " over the seeds of --seed, default 1,2,3); the other flags are then not used.")
  String reproduce;

  @Option(names = "--protocol", split = ",", paramLabel = "P",
      description = "Protocols, comma-separated: none, icp, summary, attenuated, directory, or all.")
  List<String> protocols;

  @Option(names = "--peers", split = ",", paramLabel = "N", description = "Group sizes (at least 2).")
  List<Integer> peers;

  @Option(names = "--objects", paramLabel = "O", defaultValue = "100000",
      description = "Objects in the catalogue (default: ${DEFAULT-VALUE}); ignored with --trace.")
  int objects;

  @Option(names = "--zipf", paramLabel = "A", defaultValue = "0.8",
      description = "Zipf exponent of the catalogue's popularity, >= 0 (default: ${DEFAULT-VALUE}).")
  double zipf;

  @Option(names = "--capacity", paramLabel = "C", description = "Objects each peer caches (LRU).")
  Integer capacity;

  @Option(names = "--requests", paramLabel = "R", defaultValue = "20000",
      description = "Requests drawn from the catalogue (default: ${DEFAULT-VALUE}); ignored with --trace.")
  int requests;

  @Option(names = "--rate", paramLabel = "PER_SECOND", defaultValue = "100",
      description = "Requests per second in the whole group, Poisson arrivals (default: ${DEFAULT-VALUE});"
          + " ignored with --trace.")
  double rate;

  @Option(names = "--warmup", paramLabel = "W", defaultValue = "0",
      description = "Requests served before the figures start (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--trace", paramLabel = "FILE",
      description = "Requests from a trace, one 'time,peer,object[,bytes]' per line, instead of the catalogue.")
  Path trace;

  @Option(names = "--bits-per-entry", split = ",", paramLabel = "B", defaultValue = "8",
      description = "Summary bits per cached object, 1..64 (default: ${DEFAULT-VALUE}).")
  List<Integer> bits;

  @Option(names = "--hashes", paramLabel = "K", defaultValue = "4",
      description = "Probes per object in a summary, 1..16 (default: ${DEFAULT-VALUE}, the paper's).")
  int hashes;

  @Option(names = "--update-threshold", split = ",", paramLabel = "U", defaultValue = "1%",
      description = "Share of the capacity inserted before a summary update: 1%% or 0.01 (default: ${DEFAULT-VALUE}).")
  List<String> thresholds;

  @Option(names = "--names", split = ",", paramLabel = "url|number", defaultValue = "url",
      description = "How objects are named on the wire, comma-separated to run both: url (a synthetic URL per"
          + " object, as web caches name them) or number (the catalogue's number as a varlong)"
          + " (default: ${DEFAULT-VALUE}).")
  List<String> names;

  @Option(names = "--no-deltas", description = "Send every summary update whole (plain or compressed).")
  boolean noDeltas;

  @Option(names = "--runtime", paramLabel = "sim|vertx", defaultValue = Networks.SIM,
      description = "Runtime: sim (deterministic simulator) or vertx (real time) (default: ${DEFAULT-VALUE}).")
  String runtime;

  @Option(names = "--seed", split = ",", paramLabel = "S", defaultValue = "42",
      description = "Seeds, comma-separated: one run per seed (default: ${DEFAULT-VALUE}).")
  List<Long> seeds;

  @Option(names = "--plot", paramLabel = "DIR",
      description = "Also write PNG and SVG charts of hit ratio and messages per request against the swept"
          + " update threshold and group size into DIR.")
  Path plot;

  @Option(names = "--json", description = "Print the JSON summaries instead of the table.")
  boolean json;

  @Override
  public Integer call() {
    if (reproduce != null) {
      return reproduce();
    }
    if (protocols == null || peers == null || capacity == null) {
      throw new UsageException("--protocol, --peers and --capacity are required (or --reproduce summary-cache)");
    }
    List<CacheProtocol> ps = protocols();
    List<ObjectNaming> namings = namings();
    List<Double> us = new ArrayList<>();
    for (String t : thresholds) {
      us.add(threshold(t));
    }
    check();
    CacheTable table = new CacheTable();
    List<Summary> summaries = new ArrayList<>();
    for (int n : peers) {
      for (long seed : seeds) {
        List<CacheRequest> workload = trace != null ? CacheWorkload.trace(trace, n)
            : CacheWorkload.zipf(n, objects, zipf, requests, rate, seed);
        if (warmup >= workload.size()) {
          throw new UsageException("--warmup " + warmup + " leaves none of the " + workload.size() + " requests");
        }
        for (CacheProtocol p : ps) {
          boolean summary = p == CacheProtocol.SUMMARY;
          // without sharing nothing is named on the wire: one run
          for (ObjectNaming naming : p == CacheProtocol.NONE ? namings.subList(0, 1) : namings) {
            for (int b : summary ? bits : bits.subList(0, 1)) {
              for (double u : summary ? us : us.subList(0, 1)) {
                CacheConfig config = CacheConfig.defaults(p).withCapacity(capacity).withSummary(b, hashes)
                    .withUpdateThreshold(u).withDeltas(!noDeltas).withMaxGroup(Math.min(CacheConfig.MAX_GROUP, n))
                    .withNaming(naming);
                CacheTrial trial = new CacheTrial(runtime, n, workload, warmup, seed, ChordConfig.defaults(), config,
                    location(b));
                CacheTrial.Outcome o = trial.run();
                summaries.add(trial.summary(o));
                table.add(new CacheTable.Row(o.stats(), b, u, seed));
                if (!json) {
                  spec.commandLine().getErr().printf(Locale.ROOT, "cache: %s (%s) N=%d seed=%d done (ring stable: %s):"
                      + " hit ratio %.4f, %.3f messages and %.1f bytes per request, %.0f bytes per peer%n",
                      p.wireName(), naming.wireName(), n, seed, o.ringStable(), o.stats().hitRatio(),
                      o.stats().messagesPerRequest(), o.stats().bytesPerRequest(), o.stats().memoryPerPeer());
                  spec.commandLine().getErr().flush();
                }
              }
            }
          }
        }
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(SummaryJson.pretty(summaries).stripTrailing());
    } else {
      table.print(out);
    }
    if (plot != null) {
      try {
        java.nio.file.Files.createDirectories(plot);
      } catch (java.io.IOException e) {
        throw new UsageException("--plot " + plot + " cannot be created: " + e.getMessage());
      }
      for (Path f : table.plot(plot)) {
        spec.commandLine().getErr().println("plot: " + f);
      }
    }
    out.flush();
    return 0;
  }

  private int reproduce() {
    if (!"summary-cache".equals(reproduce)) {
      throw new UsageException("--reproduce must be summary-cache, got '" + reproduce + "'");
    }
    boolean seedGiven = spec.commandLine().getParseResult().hasMatchedOption("--seed");
    PrintWriter err = spec.commandLine().getErr();
    new SummaryCacheReproduction(seedGiven ? seeds : List.of(1L, 2L, 3L), line -> {
      err.println(line);
      err.flush();
    }).run(spec.commandLine().getOut(), json);
    return 0;
  }

  /** The location layer for the attenuated protocol: depth 3, a level of capacity x bits-per-entry bits. */
  private LocationConfig location(int bitsPerEntry) {
    long level = Math.max(LocationConfig.MIN_BITS, Math.min(LocationConfig.MAX_BITS, (long) capacity * bitsPerEntry));
    return LocationConfig.defaults().withFilters(3, (int) level);
  }

  private List<ObjectNaming> namings() {
    List<ObjectNaming> out = new ArrayList<>();
    for (String n : names) {
      out.add(ObjectNaming.parse(n).orElseThrow(() -> new UsageException("--names must be url or number, got '"
          + n + "'")));
    }
    return out.stream().distinct().toList();
  }

  private List<CacheProtocol> protocols() {
    List<CacheProtocol> out = new ArrayList<>();
    for (String p : protocols) {
      if ("all".equals(p)) {
        out.addAll(List.of(CacheProtocol.values()));
        continue;
      }
      out.add(CacheProtocol.parse(p).orElseThrow(() -> new UsageException("--protocol must be one of "
          + CacheProtocol.names() + " or all, got '" + p + "'")));
    }
    return out.stream().distinct().toList();
  }

  static double threshold(String t) {
    try {
      double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1)) / 100 : Double.parseDouble(t);
      if (!(v > 0 && v <= 1)) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new UsageException("--update-threshold must be a share in (0, 1] such as 0.01 or 1%, got '" + t + "'");
    }
  }

  private void check() {
    for (int n : peers) {
      if (n < 2 || n > CacheConfig.MAX_GROUP) {
        throw new UsageException("--peers must be in 2.." + CacheConfig.MAX_GROUP + ", got " + n);
      }
    }
    if (objects < 1) {
      throw new UsageException("--objects must be at least 1, got " + objects);
    }
    if (!(zipf >= 0) || Double.isInfinite(zipf)) {
      throw new UsageException("--zipf must be finite and >= 0, got " + zipf);
    }
    if (capacity < 1 || capacity > CacheConfig.MAX_CAPACITY) {
      throw new UsageException("--capacity must be in 1.." + CacheConfig.MAX_CAPACITY + ", got " + capacity);
    }
    if (requests < 1) {
      throw new UsageException("--requests must be at least 1, got " + requests);
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new UsageException("--rate must be a positive number of requests per second, got " + rate);
    }
    if (warmup < 0) {
      throw new UsageException("--warmup must be >= 0, got " + warmup);
    }
    for (int b : bits) {
      if (b < 1 || b > 64) {
        throw new UsageException("--bits-per-entry must be in 1..64, got " + b);
      }
    }
    if (hashes < 1 || hashes > 16) {
      throw new UsageException("--hashes must be in 1..16, got " + hashes);
    }
    if (!Networks.VERTX.equals(runtime) && !Networks.SIM.equals(runtime)) {
      throw new UsageException("--runtime must be vertx or sim, got '" + runtime + "'");
    }
  }
}
