package org.bloomchord.experiments.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hops and latencies of a run's per-operation sample ({@code operations.csv}, header
 * {@code time,kind,key,origin,hops,latencyMs,outcome}), by operation kind ({@code lookup},
 * {@code locate}, {@code get}, {@code put}). Empty fields (unknown hops, no answer) are left out, so
 * each list holds only measured values. Fields are RFC 4180 CSV (keys may be quoted).
 */
public final class SampledOperations {

  /** The header the file must start with. */
  public static final String HEADER = "time,kind,key,origin,hops,latencyMs,outcome";

  private static final int KIND = 1;
  private static final int HOPS = 4;
  private static final int LATENCY = 5;

  private final Map<String, List<Double>> hops = new LinkedHashMap<>();
  private final Map<String, List<Double>> latency = new LinkedHashMap<>();
  private final Map<String, Long> operations = new LinkedHashMap<>();

  private SampledOperations() {
  }

  /** An empty sample (a run that wrote no operations file). */
  public static SampledOperations empty() {
    return new SampledOperations();
  }

  /**
   * Reads {@code file}; a missing file gives an empty sample.
   *
   * @throws IllegalArgumentException if the header or a line is malformed (naming the line)
   */
  public static SampledOperations read(Path file) {
    SampledOperations s = new SampledOperations();
    if (file == null || !Files.isRegularFile(file)) {
      return s;
    }
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String header = in.readLine();
      if (header == null) {
        return s;
      }
      if (!header.equals(HEADER)) {
        throw new IllegalArgumentException(file + ": header is not '" + HEADER + "'");
      }
      String line;
      int n = 1;
      while ((line = in.readLine()) != null) {
        n++;
        List<String> f = fields(line);
        if (f.size() != 7) {
          throw new IllegalArgumentException(file + ":" + n + ": expected 7 fields, got " + f.size());
        }
        s.add(f.get(KIND), f.get(HOPS), f.get(LATENCY), file, n);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    return s;
  }

  private void add(String kind, String hopsText, String latencyText, Path file, int line) {
    operations.merge(kind, 1L, Long::sum);
    try {
      if (!hopsText.isEmpty()) {
        hops.computeIfAbsent(kind, k -> new ArrayList<>()).add(Double.parseDouble(hopsText));
      }
      if (!latencyText.isEmpty()) {
        latency.computeIfAbsent(kind, k -> new ArrayList<>()).add(Double.parseDouble(latencyText));
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + ":" + line + ": not a number: " + e.getMessage());
    }
  }

  /** The sampled operations of {@code kind}, with or without hops and latency. */
  public long operations(String kind) {
    return operations.getOrDefault(kind, 0L);
  }

  /** The known hops of the sampled operations of {@code kind}. */
  public double[] hops(String kind) {
    return values(hops, kind);
  }

  /** The latencies (ms) of the sampled operations of {@code kind} that were answered. */
  public double[] latencyMs(String kind) {
    return values(latency, kind);
  }

  private static double[] values(Map<String, List<Double>> m, String kind) {
    return m.getOrDefault(kind, List.of()).stream().mapToDouble(Double::doubleValue).filter(Double::isFinite)
        .toArray();
  }

  /** Splits one RFC 4180 line (quoted fields may hold commas and doubled quotes). */
  static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cur.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cur.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        out.add(cur.toString());
        cur.setLength(0);
      } else {
        cur.append(c);
      }
    }
    out.add(cur.toString());
    return out;
  }
}
