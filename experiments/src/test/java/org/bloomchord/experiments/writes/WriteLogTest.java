package org.bloomchord.experiments.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.bloomchord.chord.store.ReadOutcome;
import org.bloomchord.chord.store.ReadResult;
import org.bloomchord.chord.store.Version;
import org.bloomchord.chord.store.WriteOutcome;
import org.bloomchord.chord.store.WriteResult;
import org.junit.jupiter.api.Test;

class WriteLogTest {

  private final WriteLog log = new WriteLog();

  private static WriteResult stored(long counter) {
    return new WriteResult("k", new Version(counter, 1), 3, WriteOutcome.STORED, 1);
  }

  private static ReadResult found(long counter) {
    return new ReadResult("k", "v", new Version(counter, 1), ReadOutcome.FOUND, 1);
  }

  private static ReadResult notFound(Long tombstone) {
    return new ReadResult("k", null, tombstone == null ? null : new Version(tombstone, 1), ReadOutcome.NOT_FOUND, 1);
  }

  @Test
  void eachKindOfWrongReadIsCountedOnceAndRightReadsNotAtAll() {
    log.read("k", notFound(null));               // nothing acknowledged yet: not judged
    log.written("k", false, stored(10));
    log.read("k", found(10));                     // right
    log.read("k", found(12));                     // newer (an unacknowledged write took effect): right
    log.read("k", found(9));                      // older than the acknowledged put: stale
    log.read("k", notFound(null));                // the acknowledged put is missing: lost
    log.read("k", notFound(8L));                  // an older tombstone: lost
    log.written("k", true, stored(20));
    log.read("k", notFound(20L));                 // right
    log.read("k", found(10));                     // the deleted value came back: resurrected
    log.read("k", new ReadResult("k", null, null, ReadOutcome.FAILED, 3));
    Map<String, Object> s = log.section();
    assertEquals(2L, s.get("acknowledged"));
    assertEquals(2L, s.get("lost"));
    assertEquals(1L, s.get("resurrected"));
    assertEquals(1L, s.get("stale"));
    assertEquals(7L, s.get("readsJudged"));
    assertEquals(1L, s.get("readsFailed"));
  }

  @Test
  void anUnacknowledgedWriteAfterTheLastAcknowledgedPutExcusesAMissingValue() {
    log.written("k", false, stored(10));
    log.written("k", true, new WriteResult("k", null, 1, WriteOutcome.UNCONFIRMED, 3));
    log.read("k", notFound(null));
    assertEquals(0L, log.lost());
    assertEquals(1L, log.section().get("unacknowledged"));
    // a later acknowledged put makes the key checkable again
    log.written("k", false, stored(30));
    log.read("k", notFound(null));
    assertEquals(1L, log.lost());
  }
}
