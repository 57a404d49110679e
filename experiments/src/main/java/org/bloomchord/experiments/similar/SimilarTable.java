package org.bloomchord.experiments.similar;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of {@code bloomchord similar}, written from the JSON document of a run (what
 * {@code similar --json} prints): the header line, the bins, the queries' totals, the
 * publications' audit and the owners' answers to the appends. The command prints its markdown
 * through the same method, so a page's tables written from kept JSON are the tables the command
 * printed.
 */
public final class SimilarTable {

  private SimilarTable() {
  }

  /** The tables of several runs, in their order, a blank line between two runs. */
  public static String markdown(List<JsonNode> runs) {
    StringBuilder out = new StringBuilder();
    for (JsonNode run : runs) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(run(run));
    }
    return out.toString();
  }

  /**
   * The tables of one run's JSON document.
   *
   * @throws IllegalArgumentException when {@code run} has no {@code similar} section
   */
  public static String run(JsonNode run) {
    JsonNode s = run.get("similar");
    if (s == null || !s.path("bins").isArray()) {
      throw new IllegalArgumentException("not the output of similar --json (no similar section with bins)");
    }
    String corpus = s.path("corpus").asText();
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT,
        "similar on %s, seed %d: %s, %d documents, %d peers, %d-word shingles, b = %d, r = %d, s = %.2f%n%n",
        run.path("runtime").asText(), run.path("seed").asLong(),
        "synthetic".equals(corpus) ? "synthetic corpus" : "paragraphs of " + corpus, s.path("documents").asInt(),
        s.path("peers").asInt(), s.path("shingle").asInt(), s.path("bands").asInt(), s.path("rows").asInt(),
        s.path("threshold").asDouble()));
    out.append("| J | pairs | candidates | share | 1-(1-J^r)^b | binomial s.e. | clustered s.e. | z | mean estimate - J"
        + " | returned |\n");
    out.append("|---|------:|-----------:|------:|------------:|-----:|-----:|-----:|------:|---------:|\n");
    for (JsonNode b : s.get("bins")) {
      double j = b.path("jaccard").asDouble();
      JsonNode bias = b.path("estimateBias");
      out.append(String.format(Locale.ROOT, "| %.1f-%.1f | %d | %d | %.4f | %.4f | %.4f | %.4f | %+.2f | %s | %d |%n", j,
          j + 0.1, b.path("pairs").asLong(), b.path("candidates").asLong(), b.path("share").asDouble(0),
          b.path("expected").asDouble(), b.path("stdErr").asDouble(), b.path("clusteredStdErr").asDouble(),
          b.path("z").asDouble(), bias.isNumber() ? String.format(Locale.ROOT, "%+.4f", bias.asDouble()) : "-",
          b.path("returned").asLong()));
    }
    out.append('\n');
    out.append("| worst deviation | recall (J >= s+0.1) | false accepts (J < s-0.1) | bytes/query | lookups/query"
        + " | failed queries |\n");
    out.append("|---:|---:|---:|---:|---:|---:|\n");
    JsonNode recall = s.path("recall");
    out.append(String.format(Locale.ROOT, "| %.4f | %s | %d | %.0f | %.1f | %d |%n", s.path("worstDeviation").asDouble(),
        recall.isNumber() ? String.format(Locale.ROOT, "%.4f", recall.asDouble()) : "-", s.path("falseAccepts").asLong(),
        s.path("bytesPerQuery").asDouble(), s.path("lookupsPerQuery").asDouble(), s.path("failedQueries").asInt()));
    out.append('\n');
    out.append("| publications | complete | incomplete (reported) | calls failed | retries | missing entries"
        + " | of them reported complete | still missing on a second read | of them reported complete |\n");
    out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    out.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d | %d | %d | %d | %d |%n", s.path("documents").asInt(),
        s.path("completePublications").asInt(), s.path("incompletePublications").asInt(),
        s.path("failedPublicationCalls").asInt(), s.path("publicationRetries").asLong(),
        s.path("missingEntries").asInt(), s.path("missingAfterComplete").asInt(), s.path("stillMissing").asInt(),
        s.path("stillMissingAfterComplete").asInt()));
    out.append('\n');
    out.append("appends answered by the buckets' owners:");
    for (Iterator<Map.Entry<String, JsonNode>> it = s.path("ownerAnswers").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      out.append(' ').append(e.getKey()).append(' ').append(e.getValue().asLong());
    }
    return out.append('\n').toString();
  }
}
