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
}
