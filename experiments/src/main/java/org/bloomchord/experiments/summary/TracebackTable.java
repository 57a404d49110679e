package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The markdown table of the {@code traceback} sections of several runs' {@code summary.json}
 * files, one row per run, with the source notes' figures for the digest saving beside them (note
 * 003, the traceback chapter, "Wyniki": one minute of 40-byte IP headers, filters of m = 2^16 to
 * 2^26 bits, savings of 95, 92, 93 and 89% at 2 Mbps, 10 Mbps, 100 Mbps and 1 Gbps). Written by
 * {@code bloomchord traceback --table}.
 */
public final class TracebackTable {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private TracebackTable() {
  }

  /** The table of the runs whose summaries are {@code files}; a file without the section is an error. */
  public static String markdown(List<Path> files) {
    StringBuilder b = new StringBuilder();
    b.append("| run | runtime | seed | traced | origin found | not judged | false branches / trace | formula / trace "
        + "| digest bytes / peer | message bytes / peer | saving | rogues named / forging | traces naming an honest peer |\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Path f : files) {
      JsonNode root;
      try {
        root = MAPPER.readTree(f.toFile());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f, e);
      }
      JsonNode t = root.get("traceback");
      if (t == null) {
        throw new IllegalArgumentException(f + " has no traceback section");
      }
      int traced = t.get("traced").asInt();
      double digest = t.get("digestBytesPerPeer").asDouble();
      double message = t.get("messageBytesPerPeer").asDouble();
      Path dir = f.toAbsolutePath().getParent();
      b.append(String.format(Locale.ROOT, "| %s | %s | %d | %,d | %,d (%.2f%%) | %,d | %.4f | %.4f | %,.0f | %,.0f | %.1f%% | %d / %d | %d (%.2f%%) |%n",
          dir == null ? f : dir.getFileName(), root.path("runtime").asText(), root.path("seed").asLong(), traced,
          t.get("originFound").asInt(), traced == 0 ? 0 : 100.0 * t.get("originFound").asInt() / traced,
          t.get("ambiguous").asInt(), t.get("falseBranchesPerTrace").asDouble(),
          t.get("expectedFalseBranches").asDouble(), digest, message, message <= 0 ? 0 : 100 * (1 - digest / message),
          t.get("roguesNamed").asInt(), t.get("roguesForging").asInt(), t.get("honestNamed").asInt(),
          traced == 0 ? 0 : 100.0 * t.get("honestNamed").asInt() / traced));
    }
    b.append("| note 003, \"Wyniki\" (1 min of 40-byte IP headers, m = 2^16..2^26, k = 8..17, p = 3.6e-3..7e-6) "
        + "| | | | | | | | | | 95, 92, 93, 89% at 2, 10, 100, 1000 Mbps | | |\n");
    return b.toString();
  }
}
