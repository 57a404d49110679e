package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bloomchord.routing.traceback.DigestLog;

/**
 * The markdown tables of the {@code traceback} sections of several runs' {@code summary.json}
 * files, written by {@code bloomchord traceback --table}: one row per run with the traces' outcome;
 * one row per run with the digest filters' fill and the false branches against the formula; and
 * the source notes' table (note 003, the traceback chapter, "Wyniki": one minute of 40-byte IP
 * headers at 2 Mbps to 1 Gbps) beside the runs, with what the notes' setting would save under this
 * project's filter sizing.
 */
public final class TracebackTable {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * One column of the notes' table: link speed, packets per second, filter bits m (as log2), hashes
   * k, false-positive rate p, and the saving the note states, all as printed in the note.
   */
  record NoteColumn(String link, double mbps, double kpps, int log2Bits, int hashes, double p, int savingPercent) {

    /** Digests a filter of this m and k holds at rate p: n = m (-ln(1 - p^(1/k))) / k. */
    double digestsPerFilter() {
      double m = Math.pow(2, log2Bits);
      return m * -Math.log(1 - Math.pow(p, 1.0 / hashes)) / hashes;
    }
  }

  /** The notes' table, "Wyniki" (note 003): its four columns. */
  static final List<NoteColumn> NOTE = List.of(
      new NoteColumn("access", 2, 5.4, 16, 8, 3.6e-3, 95),
      new NoteColumn("10BaseT", 10, 27, 19, 13, 9.4e-5, 92),
      new NoteColumn("Fast Ethernet", 100, 272, 22, 11, 6.0e-4, 93),
      new NoteColumn("Gigabit Ethernet", 1000, 2717, 26, 17, 7.0e-6, 89));

  /** Bytes the note stores per packet in its setting: a 40-byte IP header. */
  static final int NOTE_HEADER_BYTES = 40;

  private TracebackTable() {
  }

  /** The tables of the runs whose summaries are {@code files}; a file without the section is an error. */
  public static String markdown(List<Path> files) {
    List<JsonNode> roots = new ArrayList<>();
    for (Path f : files) {
      JsonNode root;
      try {
        root = MAPPER.readTree(f.toFile());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f, e);
      }
      if (root.get("traceback") == null) {
        throw new IllegalArgumentException(f + " has no traceback section");
      }
      roots.add(root);
    }
    StringBuilder b = new StringBuilder();
    b.append("| run | runtime | seed | traced | origin found | not judged | false branches / trace | formula / trace "
        + "| digest bytes / peer | message bytes / peer | saving | rogues named / forging | traces naming an honest peer |\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < files.size(); i++) {
      JsonNode root = roots.get(i);
      JsonNode t = root.get("traceback");
      int traced = t.get("traced").asInt();
      double digest = t.get("digestBytesPerPeer").asDouble();
      double message = t.get("messageBytesPerPeer").asDouble();
      b.append(String.format(Locale.ROOT, "| %s | %s | %d | %,d | %,d (%.2f%%) | %,d | %.4f | %.4f | %,.0f | %,.0f | %.1f%% | %d / %d | %d (%.2f%%) |%n",
          name(files.get(i)), root.path("runtime").asText(), root.path("seed").asLong(), traced,
          t.get("originFound").asInt(), traced == 0 ? 0 : 100.0 * t.get("originFound").asInt() / traced,
          t.get("ambiguous").asInt(), t.get("falseBranchesPerTrace").asDouble(),
          t.get("expectedFalseBranches").asDouble(), digest, message, message <= 0 ? 0 : 100 * (1 - digest / message),
          t.get("roguesNamed").asInt(), t.get("roguesForging").asInt(), t.get("honestNamed").asInt(),
          traced == 0 ? 0 : 100.0 * t.get("honestNamed").asInt() / traced));
    }
    if (roots.stream().anyMatch(TracebackTable::hasFilters)) {
      filters(b, files, roots);
      note(b, files, roots);
    }
    return b.toString();
  }

  /** Per run: the filters' fill against the optimum, and the false branches against the formula. */
  private static void filters(StringBuilder b, List<Path> files, List<JsonNode> roots) {
    b.append("\n| run | messages / peer | digests / peer | bits / digest, filters kept | bits / digest, retired "
        + "| optimum 1.44 log2(1/p) | retired full / by time (folds) | invariant bytes / message "
        + "| saving over invariant bytes | false branches | formula | measured - formula, in Poisson sd |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < roots.size(); i++) {
      JsonNode t = roots.get(i).get("traceback");
      JsonNode f = t.get("filters");
      if (!hasFilters(roots.get(i))) {
        continue;
      }
      double p = f.get("fpRate").asDouble();
      double messages = f.get("messagesPerPeer").asDouble();
      double invariant = f.get("invariantBytesPerMessage").asDouble() * messages;
      double digestBytes = t.get("digestBytesPerPeer").asDouble();
      long measured = f.get("falseBranches").asLong();
      double expected = f.get("expectedFalseBranches").asDouble();
      b.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %.1f | %.1f | %.1f | %,d / %,d (%,d) | %.1f | %.1f%% | %,d | %,.1f | %+.1f |%n",
          name(files.get(i)), messages, f.get("digestsPerPeer").asDouble(), f.get("bitsPerDigest").asDouble(),
          f.get("retiredBitsPerDigest").asDouble(), optimumBits(p), f.get("retiredAtCapacity").asLong(),
          f.get("retiredByTime").asLong(), f.get("folds").asLong(), f.get("invariantBytesPerMessage").asDouble(),
          invariant <= 0 ? 0 : 100 * (1 - digestBytes / invariant), measured, expected,
          expected <= 0 ? 0 : (measured - expected) / Math.sqrt(expected)));
    }
  }

  /**
   * The notes' table beside the runs: for each of its settings the digests one filter holds (from
   * its m, k and p), its bits per digest, the bits this project's sizing gives the same digests at
   * the same p ({@link DigestLog#filterBits}), the saving of each over storing a
   * 40-byte header per digest, and the saving the note states (over whole frames, its own
   * accounting); then the runs' own figures, per message recorded.
   */
  private static void note(StringBuilder b, List<Path> files, List<JsonNode> roots) {
    b.append("\n| setting | digests / filter | p | filter m, k | bits / digest | bits / digest, our sizing "
        + "| bytes stored / digest | saving, its filters | saving, our sizing | saving the note states |\n");
    b.append("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for (NoteColumn c : NOTE) {
      double n = c.digestsPerFilter();
      long digests = Math.round(n);
      long ours = DigestLog.filterBits(digests, c.p());
      double noteBits = Math.pow(2, c.log2Bits()) / n;
      double ourBits = (double) ours / digests;
      double stored = NOTE_HEADER_BYTES * 8.0;
      b.append(String.format(Locale.ROOT, "| note 003, %s, %s Mbps (%s kpps), 1 min | %,d | %.1e | 2^%d, %d | %.1f | %.1f "
          + "| %d (IP header) | %.1f%% | %.1f%% | %d%% |%n", c.link(), fmt(c.mbps()), fmt(c.kpps()), digests, c.p(),
          c.log2Bits(), c.hashes(), noteBits, ourBits, NOTE_HEADER_BYTES, 100 * (1 - noteBits / stored),
          100 * (1 - ourBits / stored), c.savingPercent()));
    }
    for (int i = 0; i < roots.size(); i++) {
      JsonNode root = roots.get(i);
      JsonNode t = root.get("traceback");
      JsonNode f = t.get("filters");
      if (!hasFilters(root)) {
        continue;
      }
      double p = f.get("fpRate").asDouble();
      double messages = f.get("messagesPerPeer").asDouble();
      double digests = f.get("digestsPerPeer").asDouble();
      double bits = t.get("digestBytesPerPeer").asDouble() * 8;
      double invariant = f.get("invariantBytesPerMessage").asDouble();
      double whole = messages <= 0 ? 0 : t.get("messageBytesPerPeer").asDouble() / messages;
      b.append(String.format(Locale.ROOT, "| this project, %s (%s, seed %d), %,.0f messages and %,.0f digests per peer "
          + "| | %.1e | sized from the rate | %.1f (%.1f per message) | %.1f at capacity "
          + "| %.1f per message (invariant fields; %.1f whole) | %.1f%% (%.1f%% over whole messages) | | |%n",
          name(files.get(i)), root.path("runtime").asText(), root.path("seed").asLong(), messages, digests, p,
          digests <= 0 ? 0 : bits / digests, messages <= 0 ? 0 : bits / messages, optimumBits(p), invariant, whole,
          invariant <= 0 ? 0 : 100 * (1 - bits / messages / (invariant * 8)),
          whole <= 0 ? 0 : 100 * (1 - bits / messages / (whole * 8))));
    }
  }

  /** Whether a run's section carries the filters' figures (runs of an older build do not). */
  private static boolean hasFilters(JsonNode root) {
    JsonNode f = root.get("traceback").get("filters");
    return f != null && f.path("fpRate").asDouble() > 0;
  }

  /** Bits per digest of a filter at capacity under this project's sizing, for a large n. */
  static double optimumBits(double p) {
    return p <= 0 || p >= 1 ? 0 : Math.log(1 / p) / (Math.log(2) * Math.log(2));
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static Object name(Path f) {
    Path dir = f.toAbsolutePath().getParent();
    return dir == null ? f : dir.getFileName();
  }
}
