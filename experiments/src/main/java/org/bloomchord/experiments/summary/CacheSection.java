package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The {@code cache} section of a scenario's summary: the setting of the cache measurement and one
 * {@link CacheStats} per protocol, measured on the same request stream.
 *
 * @param names how objects were named on the wire (url or number)
 * @param peers members of the group
 * @param objects objects in the Zipf catalogue
 * @param zipf its Zipf exponent
 * @param capacity objects each peer caches
 * @param requests requests counted (after the warm-up)
 * @param warmup requests served before the figures start
 * @param bitsPerEntry summary bits per cached object
 * @param hashes probes per object in a summary
 * @param updateThreshold share of the capacity inserted before a summary update
 * @param protocols one row per protocol, in the order the scenario lists them
 * @param paper what Fan et al. state of summary cache against ICP (abstract, SIGCOMM 1998), beside
 *     ours when both ICP and summary ran
 */
@JsonPropertyOrder({"names", "peers", "objects", "zipf", "capacity", "requests", "warmup", "bitsPerEntry", "hashes",
    "updateThreshold", "protocols", "paper"})
public record CacheSection(String names, int peers, int objects, double zipf, int capacity, int requests, int warmup,
    int bitsPerEntry, int hashes, double updateThreshold, List<CacheStats> protocols, PaperComparison paper) {

  public CacheSection {
    protocols = List.copyOf(protocols);
  }

  /**
   * Summary cache against ICP: the paper's statements and ours.
   *
   * @param paperMessagesRatio the paper's ICP messages over summary messages
   * @param paperBytes the paper's bandwidth statement
   * @param paperHitRatio the paper's hit-ratio statement
   * @param icpOverSummaryMessages ours: ICP's messages per request over the summary's
   * @param summaryOverIcpBytes ours: the summary's bytes per request over ICP's
   * @param summaryOverIcpHitRatio ours: the summary's total hit ratio over ICP's
   */
  @JsonPropertyOrder({"paperMessagesRatio", "paperBytes", "paperHitRatio", "icpOverSummaryMessages",
      "summaryOverIcpBytes", "summaryOverIcpHitRatio"})
  public record PaperComparison(String paperMessagesRatio, String paperBytes, String paperHitRatio,
      double icpOverSummaryMessages, double summaryOverIcpBytes, double summaryOverIcpHitRatio) {

    public PaperComparison {
      Finite.check("icpOverSummaryMessages", icpOverSummaryMessages);
      Finite.check("summaryOverIcpBytes", summaryOverIcpBytes);
      Finite.check("summaryOverIcpHitRatio", summaryOverIcpHitRatio);
    }

    /** The paper's statements (abstract) beside our ratios of {@code summary} to {@code icp}. */
    public static PaperComparison of(CacheStats icp, CacheStats summary) {
      return new PaperComparison("25 to 60", "over 50% less", "almost the same",
          summary.messagesPerRequest() == 0 ? 0 : icp.messagesPerRequest() / summary.messagesPerRequest(),
          icp.bytesPerRequest() == 0 ? 0 : summary.bytesPerRequest() / icp.bytesPerRequest(),
          icp.hitRatio() == 0 ? 0 : summary.hitRatio() / icp.hitRatio());
    }
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link CacheSection} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private String names;
    private int peers;
    private int objects;
    private double zipf;
    private int capacity;
    private int requests;
    private int warmup;
    private int bitsPerEntry;
    private int hashes;
    private double updateThreshold;
    private List<CacheStats> protocols;
    private PaperComparison paper;

    private Builder() {
    }

    /** Sets {@link CacheSection#names()}. */
    public Builder names(String value) {
      names = value;
      return this;
    }

    /** Sets {@link CacheSection#peers()}. */
    public Builder peers(int value) {
      peers = value;
      return this;
    }

    /** Sets {@link CacheSection#objects()}. */
    public Builder objects(int value) {
      objects = value;
      return this;
    }

    /** Sets {@link CacheSection#zipf()}. */
    public Builder zipf(double value) {
      zipf = value;
      return this;
    }

    /** Sets {@link CacheSection#capacity()}. */
    public Builder capacity(int value) {
      capacity = value;
      return this;
    }

    /** Sets {@link CacheSection#requests()}. */
    public Builder requests(int value) {
      requests = value;
      return this;
    }

    /** Sets {@link CacheSection#warmup()}. */
    public Builder warmup(int value) {
      warmup = value;
      return this;
    }

    /** Sets {@link CacheSection#bitsPerEntry()}. */
    public Builder bitsPerEntry(int value) {
      bitsPerEntry = value;
      return this;
    }

    /** Sets {@link CacheSection#hashes()}. */
    public Builder hashes(int value) {
      hashes = value;
      return this;
    }

    /** Sets {@link CacheSection#updateThreshold()}. */
    public Builder updateThreshold(double value) {
      updateThreshold = value;
      return this;
    }

    /** Sets {@link CacheSection#protocols()}. */
    public Builder protocols(List<CacheStats> value) {
      protocols = value;
      return this;
    }

    /** Sets {@link CacheSection#paper()}. */
    public Builder paper(PaperComparison value) {
      paper = value;
      return this;
    }

    /** The record. */
    public CacheSection build() {
      return new CacheSection(names, peers, objects, zipf, capacity, requests, warmup, bitsPerEntry,
          hashes, updateThreshold, protocols, paper);
    }
  }
}
