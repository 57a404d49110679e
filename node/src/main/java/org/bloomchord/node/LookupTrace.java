package org.bloomchord.node;

import java.util.List;
import org.bloomchord.chord.lookup.LookupResult;

/**
 * A lookup and the path it took.
 *
 * @param key the key looked up (its text)
 * @param keyId the key's ring id, unsigned
 * @param result the lookup's own result (outcome, successor, hops, timeouts, latency)
 * @param path the peers a recursive lookup visits from the origin to the owner of the key, which
 *     answers, read from each peer's tables right after the lookup (origin first); on a ring that
 *     did not change meanwhile it has {@code result.hopsToOwner() + 1} entries, the key's
 *     predecessor second to last
 */
public record LookupTrace(String key, String keyId, LookupResult result, List<String> path) {

  public LookupTrace {
    path = List.copyOf(path);
  }
}
