package org.bloomchord.experiments.writes;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bloomchord.experiments.summary.WriteStats;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;

/**
 * The log of acknowledged writes and the judge of every read against it, for operations issued one
 * after the other (each completes before the next starts, so "before" is well defined).
 *
 * <p>For each key the log keeps the newest acknowledged write (its version, and whether it was a
 * delete) and whether a write that was not acknowledged ({@code UNCONFIRMED} or {@code FAILED}) came
 * after it: such a write may or may not have taken effect. A read that answered is judged against
 * the newest acknowledged write W of its key:
 * <ul>
 *   <li>lost: W is a put and the read found nothing newer (no entry, or a tombstone older than W),
 *       unless a later unacknowledged write may have deleted the key;
 *   <li>resurrected: W is a delete and the read found a live value older than W;
 *   <li>stale: W is a put and the read found a live value older than W.
 * </ul>
 * A value newer than W is fine (an unacknowledged write that took effect). Reads of keys never
 * acknowledged, and reads that failed, are not judged.
 */
public final class WriteLog {

  private record Acked(Version version, boolean delete, boolean laterUnacked) {
  }

  private final Map<String, Acked> newest = new HashMap<>();
  private long acknowledged;
  private long unacknowledged;
  private long judged;
  private long readsFailed;
  private long lost;
  private long resurrected;
  private long stale;

  /** Records the end of a put ({@code delete} false) or delete. */
  public void written(String key, boolean delete, WriteResult r) {
    if (r != null && r.outcome() == WriteOutcome.STORED) {
      acknowledged++;
      Acked prev = newest.get(key);
      if (prev == null || r.version().newerThan(prev.version())) {
        newest.put(key, new Acked(r.version(), delete, false));
      }
      return;
    }
    unacknowledged++;
    Acked prev = newest.get(key);
    if (prev != null) {
      newest.put(key, new Acked(prev.version(), prev.delete(), true));
    }
  }

  /** Judges a read of {@code key}. */
  public void read(String key, ReadResult r) {
    if (r == null || r.outcome() == ReadOutcome.FAILED) {
      readsFailed++;
      return;
    }
    Acked w = newest.get(key);
    if (w == null) {
      return;
    }
    judged++;
    boolean newer = r.version() != null && !w.version().newerThan(r.version());
    if (newer) {
      return;
    }
    if (r.found()) {
      if (w.delete()) {
        resurrected++;
      } else {
        stale++;
      }
    } else if (!w.delete() && !w.laterUnacked()) {
      lost++;
    }
  }

  /** Acknowledged writes (puts and deletes). */
  public long acknowledged() {
    return acknowledged;
  }

  /** Reads that found an acknowledged write missing. */
  public long lost() {
    return lost;
  }

  /** Reads that found a deleted key's older value. */
  public long resurrected() {
    return resurrected;
  }

  /** Reads that found an older value than the newest acknowledged put. */
  public long stale() {
    return stale;
  }

  /** The summary's {@code writes} section. */
  public WriteStats stats() {
    return new WriteStats(acknowledged, lost, resurrected, stale, unacknowledged, judged, readsFailed);
  }

  /**
   * The {@code writes} section as an ordered map: {@code acknowledged}, {@code lost}, {@code resurrected},
   * {@code stale}, then {@code unacknowledged} writes, {@code readsJudged} and {@code readsFailed}.
   */
  public Map<String, Object> section() {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("acknowledged", acknowledged);
    s.put("lost", lost);
    s.put("resurrected", resurrected);
    s.put("stale", stale);
    s.put("unacknowledged", unacknowledged);
    s.put("readsJudged", judged);
    s.put("readsFailed", readsFailed);
    return s;
  }
}
