package org.bloomchord.routing.traceback;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.chord.MessageObserver.Direction;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.hash.Hash128;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A peer's record of the messages it handled: a bounded sequence of Bloom filters, each holding,
 * for each message, its digest together with the direction and the link (received from L, sent to
 * L), so that a query asks "did this message come from L?" or "did it go to L?".
 *
 * <p>As in SPIE, a filter is sized for a capacity (the distinct keys it may hold at the target
 * false-positive rate p: {@link #filterBits} bits and the k optimal for them) and is retired
 * ("paged out") when it reaches that capacity, so a filter never holds more than it was sized for
 * and its false-positive rate never exceeds p. An entry counts towards the capacity only when it
 * sets a bit (a repeat of a message on the same link does not). A filter is also retired when its
 * time ends, {@link TracebackConfig#windowMs} after its first entry, so a query's interval is
 * resolved to that length. The next filter is sized for {@link #SIZING} times the entries the rate
 * the retired one saw (entries over the time from its first entry to its retirement) predicts for a
 * window length: most filters then fill and retire at capacity before their time ends. A filter that
 * retires by time holding at most half its capacity (the rate fell) is folded in half, as often as
 * that holds: the folded filter is exactly the filter its keys would build in half the bits with
 * the same k, so it stays within p, and every retired filter is more than half full.
 *
 * <p>At most {@link TracebackConfig#windows} filters are kept, the current one included; the oldest
 * is dropped when a new one opens. Memory per peer is therefore at most windows x the bits of a
 * filter of {@link #MAX_CAPACITY} entries, and the time digests are kept (the retention) is what the
 * kept filters cover: (windows - 1) window lengths at most, about half that at a steady rate, less
 * when the load rises above what the filters were sized for (they then fill sooner).
 *
 * <p>Each filter also remembers the distinct peers it exchanged messages with, up to a bound: the
 * candidate upstream links of a query (a Bloom filter cannot list its keys). Kept for comparison
 * only: how many bytes the same messages would take stored whole (their encoded sizes), and their
 * invariant part (the bytes the digest covers). Not thread-safe: on the peer's thread.
 *
 * <p>Longer than 400 lines because the window of filters, their rotation, the links they remember
 * and the usage figures read in one pass over the same filters are one data structure.
 */
public final class DigestLog {

  /** Fewest entries a filter is sized for. */
  public static final long MIN_CAPACITY = 16;
  /**
   * Most entries a filter is sized for: bounds one filter's memory (471 kB at p = 0.001) whatever
   * the rate; above {@code MAX_CAPACITY} per window length filters retire at capacity.
   */
  public static final long MAX_CAPACITY = 1L << 18;

  /**
   * Share of the entries the last filter's rate predicts for a window length that the next filter
   * is sized for. Below 1 because a filter that retires by time is under-filled, and a filter sized
   * for the whole prediction often is: repeats of a periodic message on the same link count once
   * per filter, so distinct entries grow slower than linearly with a filter's time, and a rate seen
   * over part of a window overstates the whole. A filter sized a little under the prediction fills
   * before its time ends, at the cost of a shorter time per filter (retention).
   */
  public static final double SIZING = 0.5;

  /** Why a filter stopped taking entries. */
  public enum Retirement {
    /** It held the entries it was sized for. */
    CAPACITY,
    /** Its window length passed since its first entry. */
    TIME
  }

  /**
   * What the log holds and has done.
   *
   * @param filters filters kept, the current one included
   * @param messages messages recorded in the filters kept
   * @param entries of them, those that set a bit of their filter: distinct (digest, direction, link)
   *     keys, what a filter's capacity counts (a repeat of an identical message on the same link,
   *     as periodic maintenance requests are, sets no bit)
   * @param filterBytes memory of the filters kept (their 64-bit words)
   * @param messageBytes encoded bytes of the messages recorded: what storing them would take
   * @param distinctMessageBytes encoded bytes of the messages counted as entries: what storing each
   *     distinct one once would take
   * @param invariantBytes of all recorded messages' bytes, those of the fields the digest covers
   * @param retiredEntries entries in the retired filters kept
   * @param retiredBits bits of the retired filters kept
   * @param atCapacity filters retired at capacity since the log began
   * @param byTime filters retired by time since the log began
   * @param folds halvings of filters retired by time since the log began
   */
  public record Usage(int filters, long messages, long entries, long filterBytes, long messageBytes,
      long distinctMessageBytes, long invariantBytes, long retiredEntries, long retiredBits, long atCapacity,
      long byTime, long folds) {

    /** Filter bits per entry over the filters kept (the current one included); 0 when empty. */
    public double bitsPerEntry() {
      return entries == 0 ? 0 : filterBytes * 8.0 / entries;
    }

    /** Filter bits per entry over the retired filters kept; 0 when none. */
    public double retiredBitsPerEntry() {
      return retiredEntries == 0 ? 0 : (double) retiredBits / retiredEntries;
    }

    /** A builder with every component unset (zero, false or null). */
    private static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link Usage} by name; {@link #build()} runs the record's checks. */
    private static final class Builder {
      private int filters;
      private long messages;
      private long entries;
      private long filterBytes;
      private long messageBytes;
      private long distinctMessageBytes;
      private long invariantBytes;
      private long retiredEntries;
      private long retiredBits;
      private long atCapacity;
      private long byTime;
      private long folds;

      private Builder() {
      }

      /** Sets {@link Usage#filters()}. */
      public Builder filters(int value) {
        filters = value;
        return this;
      }

      /** Sets {@link Usage#messages()}. */
      public Builder messages(long value) {
        messages = value;
        return this;
      }

      /** Sets {@link Usage#entries()}. */
      public Builder entries(long value) {
        entries = value;
        return this;
      }

      /** Sets {@link Usage#filterBytes()}. */
      public Builder filterBytes(long value) {
        filterBytes = value;
        return this;
      }

      /** Sets {@link Usage#messageBytes()}. */
      public Builder messageBytes(long value) {
        messageBytes = value;
        return this;
      }

      /** Sets {@link Usage#distinctMessageBytes()}. */
      public Builder distinctMessageBytes(long value) {
        distinctMessageBytes = value;
        return this;
      }

      /** Sets {@link Usage#invariantBytes()}. */
      public Builder invariantBytes(long value) {
        invariantBytes = value;
        return this;
      }

      /** Sets {@link Usage#retiredEntries()}. */
      public Builder retiredEntries(long value) {
        retiredEntries = value;
        return this;
      }

      /** Sets {@link Usage#retiredBits()}. */
      public Builder retiredBits(long value) {
        retiredBits = value;
        return this;
      }

      /** Sets {@link Usage#atCapacity()}. */
      public Builder atCapacity(long value) {
        atCapacity = value;
        return this;
      }

      /** Sets {@link Usage#byTime()}. */
      public Builder byTime(long value) {
        byTime = value;
        return this;
      }

      /** Sets {@link Usage#folds()}. */
      public Builder folds(long value) {
        folds = value;
        return this;
      }

      /** The record. */
      public Usage build() {
        return new Usage(filters, messages, entries, filterBytes, messageBytes, distinctMessageBytes,
            invariantBytes, retiredEntries, retiredBits, atCapacity, byTime, folds);
      }
    }
  }

  /** One filter: what it holds, since when, how full. */
  static final class Window {
    final long start;
    long last;
    BloomFilter filter;
    long capacity;
    final Map<String, PeerRef> links = new LinkedHashMap<>();
    long messages;
    long entries;
    long messageBytes;
    long distinctMessageBytes;
    long invariantBytes;
    Retirement retired;
    double retiredRate;

    Window(long start, long capacity, double p) {
      this.start = start;
      this.last = start;
      this.capacity = capacity;
      this.filter = new BloomFilter(BloomShape.optimal(filterBits(capacity, p), capacity));
    }

    /**
     * The false-positive rate of the filter at its fill, (X/m)^k for X bits of m set: the chance
     * that a key never added tests positive; about p at capacity, (1 - e^{-kn/m})^k for n entries.
     * Fixed once the filter is retired.
     */
    double falsePositiveRate() {
      return retired != null ? retiredRate : filter.currentFalsePositiveRate();
    }

    long bytes() {
      return filter.shape().words() * (long) Long.BYTES;
    }
  }

  /**
   * The bits of a filter sized for {@code capacity} keys at false-positive rate {@code p}:
   * ceil(capacity ln(1/p) / ln²2) rounded up to whole 64-bit words (the memory a filter takes
   * anyway), one word more when that is a power of two: probes reduced modulo a power of two
   * coincide more often than the formula assumes (measured 18% above (X/m)^k at m = 256), and
   * folding keeps the power.
   */
  public static long filterBits(long capacity, double p) {
    long bits = (BloomMath.optimalBits(capacity, p) + 63) & ~63L;
    return Long.bitCount(bits) == 1 ? bits + 64 : bits;
  }

  private final TracebackConfig config;
  private final Deque<Window> windows = new ArrayDeque<>();
  private double rate;
  private long atCapacity;
  private long byTime;
  private long folds;

  /** An empty log. */
  public DigestLog(TracebackConfig config) {
    this.config = config;
    this.rate = config.initialRate();
  }

  /** As {@link #record(Direction, PeerRef, long, int, int, long)} with all of the message invariant. */
  public void record(Direction direction, PeerRef link, long digest, int bytes, long now) {
    record(direction, link, digest, bytes, bytes, now);
  }

  /**
   * Records that the message of {@code digest}, {@code bytes} long of which {@code invariantBytes}
   * are covered by the digest, went {@code direction} on {@code link} at {@code now}.
   */
  public void record(Direction direction, PeerRef link, long digest, int bytes, int invariantBytes, long now) {
    Window w = current(now);
    Hash128 h = Murmur3.hash128(key(direction, link, digest));
    w.last = Math.max(w.last, now);
    w.messages++;
    w.messageBytes += bytes;
    w.invariantBytes += invariantBytes;
    // a key whose bits are all set already (a repeat, or a false positive) adds nothing to the
    // filter's fill, so it does not count towards its capacity
    if (!w.filter.mightContain(h)) {
      w.filter.add(h);
      w.entries++;
      w.distinctMessageBytes += bytes;
    }
    if (w.links.size() < config.maxLinksPerWindow()) {
      w.links.putIfAbsent(link.address(), link);
    }
  }

  /** Retires the current filter if its time has ended by {@code now} (folding it when under half full). */
  public void advance(long now) {
    Window w = windows.peekLast();
    if (w != null && w.retired == null && now >= w.start + config.windowMs()) {
      retire(w, Retirement.TIME, now);
    }
  }

  /** Whether some filter overlapping [from, to] holds the message of {@code digest} going {@code direction} on {@code link}. */
  public boolean holds(Direction direction, PeerRef link, long digest, long from, long to) {
    long key = key(direction, link, digest);
    for (Window w : windows) {
      if (overlaps(w, from, to) && w.filter.mightContain(Murmur3.hash128(key))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The probability that {@link #holds} answers yes for a (digest, direction, link) never recorded
   * in [from, to]: 1 - the product over the filters overlapping it of (1 - each filter's rate at its
   * entries). With every filter at capacity this is 1 - (1 - p)^filters.
   */
  public double falsePositiveRate(long from, long to) {
    double none = 1;
    for (Window w : windows) {
      if (overlaps(w, from, to)) {
        none *= 1 - w.falsePositiveRate();
      }
    }
    return 1 - none;
  }

  /** The peers heard from or sent to in the filters overlapping [from, to], each once. */
  public List<PeerRef> links(long from, long to) {
    Map<String, PeerRef> out = new LinkedHashMap<>();
    for (Window w : windows) {
      if (overlaps(w, from, to)) {
        w.links.forEach(out::putIfAbsent);
      }
    }
    return new ArrayList<>(out.values());
  }

  /** Number of filters overlapping [from, to]: each is a chance of a false positive per query. */
  public int windowsIn(long from, long to) {
    int n = 0;
    for (Window w : windows) {
      n += overlaps(w, from, to) ? 1 : 0;
    }
    return n;
  }

  /** Bytes of the filters kept (their 64-bit words). */
  public long filterBytes() {
    long b = 0;
    for (Window w : windows) {
      b += w.bytes();
    }
    return b;
  }

  /** Bytes the messages recorded in the filters kept would take stored whole. */
  public long messageBytes() {
    long b = 0;
    for (Window w : windows) {
      b += w.messageBytes;
    }
    return b;
  }

  /** Entries (distinct keys) recorded in the filters kept. */
  public long entries() {
    long n = 0;
    for (Window w : windows) {
      n += w.entries;
    }
    return n;
  }

  /** What the log holds and has done. */
  public Usage usage() {
    long messages = 0;
    long entries = 0;
    long filterBytes = 0;
    long messageBytes = 0;
    long distinct = 0;
    long invariant = 0;
    long retiredEntries = 0;
    long retiredBits = 0;
    for (Window w : windows) {
      messages += w.messages;
      entries += w.entries;
      filterBytes += w.bytes();
      messageBytes += w.messageBytes;
      distinct += w.distinctMessageBytes;
      invariant += w.invariantBytes;
      if (w.retired != null) {
        retiredEntries += w.entries;
        retiredBits += w.bytes() * 8;
      }
    }
    return Usage.builder().filters(windows.size()).messages(messages).entries(entries).filterBytes(filterBytes)
        .messageBytes(messageBytes).distinctMessageBytes(distinct).invariantBytes(invariant)
        .retiredEntries(retiredEntries).retiredBits(retiredBits).atCapacity(atCapacity).byTime(byTime).folds(folds)
        .build();
  }

  /** The start of the oldest filter kept (digests before it are gone), or {@code now} when none. */
  public long oldest(long now) {
    return windows.isEmpty() ? now : windows.peekFirst().start;
  }

  /** The entries the current filter is sized for (0 when none); for tests and reports. */
  long currentCapacity() {
    Window w = windows.peekLast();
    return w == null || w.retired != null ? 0 : w.capacity;
  }

  private Window current(long now) {
    advance(now);
    Window w = windows.peekLast();
    if (w != null && w.retired == null && w.entries < w.capacity) {
      return w;
    }
    if (w != null && w.retired == null) {
      retire(w, Retirement.CAPACITY, now);
    }
    long capacity = (long) Math.ceil(rate * config.windowMs() / 1000.0);
    Window next = new Window(now, Math.max(MIN_CAPACITY, Math.min(MAX_CAPACITY, capacity)), config.falsePositiveRate());
    windows.addLast(next);
    while (windows.size() > config.windows()) {
      windows.removeFirst();
    }
    return next;
  }

  private void retire(Window w, Retirement why, long now) {
    w.retired = why;
    // the rate the filter saw sizes the next one: entries over the time since its first entry
    rate = SIZING * w.entries * 1000.0 / Math.max(1, now - w.start);
    if (why == Retirement.CAPACITY) {
      atCapacity++;
    } else {
      byTime++;
      // under half full: fold, which keeps k and the keys, and halves m and the capacity
      while (w.entries * 2 <= w.capacity && w.capacity >= 2 * MIN_CAPACITY && (w.filter.bits() & 1) == 0) {
        w.filter = w.filter.fold();
        w.capacity /= 2;
        folds++;
      }
    }
    w.retiredRate = w.filter.currentFalsePositiveRate();
  }

  private static boolean overlaps(Window w, long from, long to) {
    return w.start <= to && w.last >= from;
  }

  private static long key(Direction direction, PeerRef link, long digest) {
    long h = Murmur3.fmix64(digest ^ (direction == Direction.RECEIVED ? 0x52L : 0x53L));
    return h ^ Murmur3.fmix64(link.address().hashCode() * 0x9E3779B97F4A7C15L + link.id());
  }
}
