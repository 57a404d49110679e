package org.bloomchord.experiments.cache;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bloomchord.experiments.churn.TraceFormatException;
import org.bloomchord.experiments.workload.KeyChooser;
import org.bloomchord.routing.cache.CacheWire;

/**
 * The requests a cache group serves: drawn from a catalogue of objects with Zipf popularity and
 * sizes, or read from a trace file.
 *
 * <p>Catalogue: object number k has rank k + 1 and probability proportional to (k + 1)^-alpha;
 * each request comes from a peer drawn uniformly, at exponentially distributed intervals (a summary
 * update takes a network latency to arrive, so requests need a time). Object sizes are fixed per object, drawn from a
 * log-normal with median {@value #MEDIAN_BYTES} bytes and sigma {@value #SIGMA} (a heavy tail like
 * the web's), capped at 1 MiB. Everything is drawn from the seed.
 *
 * <p>Trace: one request per line, {@code time,peer,object[,bytes]}: time in seconds (a decimal,
 * non-decreasing), peer a 0-based index below the group size, object a non-negative integer, bytes
 * (default {@value #DEFAULT_TRACE_BYTES}) a non-negative integer; blank lines and lines starting
 * with {@code #} are skipped. A malformed line is a {@link TraceFormatException} naming the file and
 * line. An object given different sizes keeps its first.
 */
public final class CacheWorkload {

  /** Median object size of the catalogue, bytes. */
  public static final int MEDIAN_BYTES = 4096;
  /** Log-normal sigma of the catalogue's sizes. */
  public static final double SIGMA = 1.0;
  /** Size of a trace's object without a size. */
  public static final int DEFAULT_TRACE_BYTES = 8192;
  /** Largest catalogue object. */
  static final int MAX_BYTES = 1 << 20;

  private CacheWorkload() {
  }

  /**
   * {@code requests} requests over {@code objects} objects of Zipf({@code alpha}) popularity from
   * {@code peers} peers, arriving as a Poisson process of {@code perSecond} requests per second in
   * the whole group.
   */
  public static List<CacheRequest> zipf(int peers, int objects, double alpha, int requests, double perSecond,
      long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    KeyChooser.Zipf zipf = new KeyChooser.Zipf(objects, alpha);
    SplittableRandom sizes = new SplittableRandom(seed ^ 0x5eedL);
    int[] size = new int[objects];
    for (int i = 0; i < objects; i++) {
      double g = gaussian(sizes);
      size[i] = (int) Math.min(MAX_BYTES, Math.max(1, Math.round(MEDIAN_BYTES * Math.exp(SIGMA * g))));
    }
    List<CacheRequest> out = new ArrayList<>(requests);
    double at = 0;
    for (int i = 0; i < requests; i++) {
      at += -Math.log(1 - random.nextDouble()) / perSecond;
      int object = zipf.next(random);
      out.add(new CacheRequest(Math.round(at * 1000), random.nextInt(peers), object, size[object]));
    }
    return out;
  }

  private static double gaussian(SplittableRandom r) {
    // Box-Muller: SplittableRandom has no nextGaussian that is stable across Java versions
    double u = 1 - r.nextDouble();
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Reads a trace for a group of {@code peers} peers. */
  public static List<CacheRequest> trace(Path file, int peers) {
    String source = file.toString();
    List<CacheRequest> out = new ArrayList<>();
    Map<Long, Integer> sizes = new HashMap<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int n = 0;
      long last = 0;
      while ((line = in.readLine()) != null) {
        n++;
        String t = line.strip();
        if (t.isEmpty() || t.startsWith("#")) {
          continue;
        }
        String[] f = t.split(",", -1);
        if (f.length < 3 || f.length > 4) {
          throw new TraceFormatException(source, n, "expected time,peer,object[,bytes], got '" + t + "'");
        }
        long time = seconds(source, n, f[0].strip());
        if (time < last) {
          throw new TraceFormatException(source, n, "time " + f[0].strip() + " before the line above");
        }
        last = time;
        int peer = (int) integer(source, n, "peer", f[1].strip(), peers - 1L);
        long object = integer(source, n, "object", f[2].strip(), Long.MAX_VALUE);
        int given = f.length == 4 ? (int) integer(source, n, "bytes", f[3].strip(), CacheWire.MAX_OBJECT_BYTES)
            : DEFAULT_TRACE_BYTES;
        int bytes = sizes.computeIfAbsent(object, k -> given);
        out.add(new CacheRequest(time, peer, object, bytes));
      }
    } catch (IOException e) {
      throw new TraceFormatException(source, "cannot read: " + e.getMessage());
    }
    if (out.isEmpty()) {
      throw new TraceFormatException(source, "no requests");
    }
    return out;
  }

  private static long seconds(String source, int line, String s) {
    try {
      double v = Double.parseDouble(s);
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new NumberFormatException();
      }
      return Math.round(v * 1000);
    } catch (NumberFormatException e) {
      throw new TraceFormatException(source, line, "time must be non-negative seconds, got '" + s + "'");
    }
  }

  private static long integer(String source, int line, String what, String s, long max) {
    try {
      long v = Long.parseLong(s);
      if (v < 0 || v > max) {
        throw new NumberFormatException();
      }
      return v;
    } catch (NumberFormatException e) {
      throw new TraceFormatException(source, line, what + " must be an integer in 0.." + max + ", got '" + s + "'");
    }
  }
}
