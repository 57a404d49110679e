package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The {@code cache} section ({@code bloomchord cache}): what a cooperative cache group did with a
 * stream of requests, counted after the warm-up.
 *
 * @param protocol none, icp, summary, attenuated or directory
 * @param peers members of the group
 * @param requests requests counted
 * @param hitRatio (local + remote hits) / requests
 * @param localHits served from the requester's own cache
 * @param remoteHits served by another member
 * @param falseHits members asked because a summary or filter matched that never held the object in
 *     the summarised directory (Bloom false positives)
 * @param staleHits members named as holders that had dropped the object since their summary or
 *     directory entry (stale information)
 * @param remoteMisses requests served by the origin while another member held the object
 * @param messagesPerRequest inter-peer messages per request (queries, answers, summary updates with
 *     each copy counted, directory and location traffic), the object transfers left out
 * @param bytesPerRequest their encoded bytes per request
 * @param summaryBytes bytes of the summary updates and pulls alone (of the link-filter exchange for
 *     attenuated)
 * @param transferBytesPerRequest object bytes fetched from other members per request
 * @param memoryPerPeer mean bytes a peer spends on locating objects (summaries, directory entries or
 *     link filters)
 * @param expectedFalseHits false hits the Bloom formula predicts for the summaries' shape (summary
 *     only; else null)
 * @param formulaMessagesPerRequest messages per request by the formula of docs/architecture/cache.md
 *     (icp and summary; else null)
 * @param names how objects were named on the wire: url or number
 * @param meanNameBytes mean bytes of the measured requests' object names on the wire (a URL's
 *     bytes, or the number's varlong)
 */
@JsonPropertyOrder({"protocol", "peers", "requests", "hitRatio", "localHits", "remoteHits", "falseHits", "staleHits",
    "remoteMisses", "messagesPerRequest", "bytesPerRequest", "summaryBytes", "transferBytesPerRequest",
    "memoryPerPeer", "expectedFalseHits", "formulaMessagesPerRequest", "names", "meanNameBytes"})
public record CacheStats(String protocol, int peers, long requests, double hitRatio, long localHits, long remoteHits,
    long falseHits, long staleHits, long remoteMisses, double messagesPerRequest, double bytesPerRequest,
    long summaryBytes, double transferBytesPerRequest, double memoryPerPeer, Double expectedFalseHits,
    Double formulaMessagesPerRequest, String names, double meanNameBytes) {

  public CacheStats {
    Finite.check("hitRatio", hitRatio);
    Finite.check("messagesPerRequest", messagesPerRequest);
    Finite.check("bytesPerRequest", bytesPerRequest);
    Finite.check("transferBytesPerRequest", transferBytesPerRequest);
    Finite.check("memoryPerPeer", memoryPerPeer);
    Finite.check("expectedFalseHits", expectedFalseHits);
    Finite.check("formulaMessagesPerRequest", formulaMessagesPerRequest);
    Finite.check("meanNameBytes", meanNameBytes);
  }

  /** Local hits / requests. */
  public double localHitRatio() {
    return requests == 0 ? 0 : (double) localHits / requests;
  }

  /** Remote hits / requests. */
  public double remoteHitRatio() {
    return requests == 0 ? 0 : (double) remoteHits / requests;
  }

  /** A builder with every count 0 and the optional figures null. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link CacheStats} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private String protocol;
    private int peers;
    private long requests;
    private double hitRatio;
    private long localHits;
    private long remoteHits;
    private long falseHits;
    private long staleHits;
    private long remoteMisses;
    private double messagesPerRequest;
    private double bytesPerRequest;
    private long summaryBytes;
    private double transferBytesPerRequest;
    private double memoryPerPeer;
    private Double expectedFalseHits;
    private Double formulaMessagesPerRequest;
    private String names;
    private double meanNameBytes;

    private Builder() {
    }

    /** Sets {@link CacheStats#protocol()}. */
    public Builder protocol(String value) {
      protocol = value;
      return this;
    }

    /** Sets {@link CacheStats#peers()}. */
    public Builder peers(int value) {
      peers = value;
      return this;
    }

    /** Sets {@link CacheStats#requests()}. */
    public Builder requests(long value) {
      requests = value;
      return this;
    }

    /** Sets {@link CacheStats#hitRatio()}. */
    public Builder hitRatio(double value) {
      hitRatio = value;
      return this;
    }

    /** Sets {@link CacheStats#localHits()}. */
    public Builder localHits(long value) {
      localHits = value;
      return this;
    }

    /** Sets {@link CacheStats#remoteHits()}. */
    public Builder remoteHits(long value) {
      remoteHits = value;
      return this;
    }

    /** Sets {@link CacheStats#falseHits()}. */
    public Builder falseHits(long value) {
      falseHits = value;
      return this;
    }

    /** Sets {@link CacheStats#staleHits()}. */
    public Builder staleHits(long value) {
      staleHits = value;
      return this;
    }

    /** Sets {@link CacheStats#remoteMisses()}. */
    public Builder remoteMisses(long value) {
      remoteMisses = value;
      return this;
    }

    /** Sets {@link CacheStats#messagesPerRequest()}. */
    public Builder messagesPerRequest(double value) {
      messagesPerRequest = value;
      return this;
    }

    /** Sets {@link CacheStats#bytesPerRequest()}. */
    public Builder bytesPerRequest(double value) {
      bytesPerRequest = value;
      return this;
    }

    /** Sets {@link CacheStats#summaryBytes()}. */
    public Builder summaryBytes(long value) {
      summaryBytes = value;
      return this;
    }

    /** Sets {@link CacheStats#transferBytesPerRequest()}. */
    public Builder transferBytesPerRequest(double value) {
      transferBytesPerRequest = value;
      return this;
    }

    /** Sets {@link CacheStats#memoryPerPeer()}. */
    public Builder memoryPerPeer(double value) {
      memoryPerPeer = value;
      return this;
    }

    /** Sets {@link CacheStats#expectedFalseHits()}. */
    public Builder expectedFalseHits(Double value) {
      expectedFalseHits = value;
      return this;
    }

    /** Sets {@link CacheStats#formulaMessagesPerRequest()}. */
    public Builder formulaMessagesPerRequest(Double value) {
      formulaMessagesPerRequest = value;
      return this;
    }

    /** Sets {@link CacheStats#names()}. */
    public Builder names(String value) {
      names = value;
      return this;
    }

    /** Sets {@link CacheStats#meanNameBytes()}. */
    public Builder meanNameBytes(double value) {
      meanNameBytes = value;
      return this;
    }

    /** The record. */
    public CacheStats build() {
      return new CacheStats(protocol, peers, requests, hitRatio, localHits, remoteHits, falseHits, staleHits,
          remoteMisses, messagesPerRequest, bytesPerRequest, summaryBytes,
          transferBytesPerRequest, memoryPerPeer, expectedFalseHits, formulaMessagesPerRequest,
          names, meanNameBytes);
    }
  }
}
