package org.bloomchord.experiments.runner.ops;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.bloomchord.chord.lookup.LookupResult;
import org.bloomchord.chord.ring.IdRing;
import org.bloomchord.experiments.metrics.Csv;
import org.bloomchord.experiments.metrics.CsvLineFile;
import org.bloomchord.overlay.PeerRef;

/**
 * Writes every lookup judged incorrect as one line of {@code incorrect.csv} ({@link #HEADER}), with
 * what the {@link Roster} knew of it: the oracle's owner, the last moment of the lookup at which the
 * answer was the oracle's owner (empty when at none), and the membership events of the answer and
 * of the owner from {@value #EVENT_WINDOW_MS} ms before the lookup started until it was judged,
 * each as {@code kind@jvm:seconds} separated by {@code ;}. The kinds are those of
 * {@link RingHistory.Kind}: {@code join-started}, {@code joined}, {@code join-failed},
 * {@code leave}, {@code crash}, {@code departed}. Safe to call from many threads; close it at the
 * run's end.
 */
public final class IncorrectLookups implements AutoCloseable {

  /** The CSV header, in column order; times are seconds of the run. */
  public static final String HEADER = "issued,time,origin,key,keyId,answer,owner,hops,hopsToOwner,timeouts,"
      + "answerLastOwned,answerEvents,ownerEvents";

  /** How long before a lookup started its peers' membership events are listed. */
  static final long EVENT_WINDOW_MS = 5_000;

  private final CsvLineFile out;

  /** Opens (replacing) {@code file}; with {@code file} null the lines are dropped. */
  public IncorrectLookups(Path file) {
    this.out = new CsvLineFile(file, HEADER, "incorrect.csv");
  }

  /**
   * Writes the lookup of {@code key} (ring id {@code id}) from {@code origin}, issued at run time
   * {@code issuedMs}, whose result {@code r} the roster judged incorrect just now.
   */
  void record(Roster roster, PeerRef origin, String key, long id, long issuedMs, LookupResult r) {
    PeerRef answer = r.successor();
    String facts = roster.read((history, ring, oracle, now) -> {
      PeerRef owner = oracle == null ? null : oracle.successor(id);
      long lastOwned = history.lastOwned(id, answer, ring, issuedMs, now, roster.ring().mask());
      long from = issuedMs - EVENT_WINDOW_MS;
      return String.join(",", seconds(now), Csv.field(origin.address()), Csv.field(key), IdRing.format(id),
          Csv.field(answer.toString()), Csv.field(owner == null ? "" : owner.toString()),
          Integer.toString(r.hops()), Integer.toString(r.hopsToOwner()), Integer.toString(r.timeouts()),
          lastOwned < 0 ? "" : seconds(lastOwned), Csv.field(events(history.eventsOf(answer, from, now))),
          Csv.field(owner == null ? "" : events(history.eventsOf(owner, from, now))));
    });
    out.write(seconds(issuedMs) + ',' + facts);
  }

  /** Lines written so far. */
  public long written() {
    return out.written();
  }

  private static String seconds(long ms) {
    return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
  }

  private static String events(List<RingHistory.Event> events) {
    return events.stream().map(RingHistory.Event::text).collect(Collectors.joining(";"));
  }

  @Override
  public void close() {
    out.close();
  }
}
