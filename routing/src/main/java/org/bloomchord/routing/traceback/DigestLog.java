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
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.hash.Murmur3;

/**
 * A peer's record of the messages it handled: one Bloom filter per time window holding, for each
 * message, its digest together with the direction and the link (received from L, sent to L), so
 * that a query asks "did this message come from L?" or "did it go to L?". Each window's filter is
 * sized when the window opens for the rate seen in the window before (with headroom) at the
 * configured false-positive rate, and the oldest window is dropped when a new one opens, so memory
 * is bounded by the windows kept. Each window also remembers the distinct peers it heard from, up to
 * a bound: the candidate upstream links of a query (a Bloom filter cannot list its keys).
 *
 * <p>Also kept, for comparison only: how many bytes the same messages would take stored whole (their
 * encoded sizes), the figure the source notes' table sets against the filters. Not thread-safe: on
 * the peer's thread.
 */
public final class DigestLog {

  /** One window: its filter, its start, what it holds. */
  static final class Window {
    final long start;
    final BloomFilter filter;
    final long capacity;
    final Map<String, PeerRef> links = new LinkedHashMap<>();
    long entries;
    long messageBytes;

    Window(long start, BloomFilter filter, long capacity) {
      this.start = start;
      this.filter = filter;
      this.capacity = capacity;
    }
  }

  private final TracebackConfig config;
  private final Deque<Window> windows = new ArrayDeque<>();
  private double rate;

  /** An empty log. */
  public DigestLog(TracebackConfig config) {
    this.config = config;
    this.rate = config.initialRate();
  }

  /** Records that the message of {@code digest}, {@code bytes} long, went {@code direction} on {@code link} at {@code now}. */
  public void record(Direction direction, PeerRef link, long digest, int bytes, long now) {
    Window w = current(now);
    w.filter.add(Murmur3.hash128(key(direction, link, digest)));
    w.entries++;
    w.messageBytes += bytes;
    if (w.links.size() < config.maxLinksPerWindow()) {
      w.links.putIfAbsent(link.address(), link);
    }
  }

  /** Whether some window overlapping [from, to] holds the message of {@code digest} going {@code direction} on {@code link}. */
  public boolean holds(Direction direction, PeerRef link, long digest, long from, long to) {
    long key = key(direction, link, digest);
    for (Window w : windows) {
      if (overlaps(w, from, to) && w.filter.mightContain(Murmur3.hash128(key))) {
        return true;
      }
    }
    return false;
  }

  /** The peers heard from or sent to in the windows overlapping [from, to], each once. */
  public List<PeerRef> links(long from, long to) {
    Map<String, PeerRef> out = new LinkedHashMap<>();
    for (Window w : windows) {
      if (overlaps(w, from, to)) {
        w.links.forEach(out::putIfAbsent);
      }
    }
    return new ArrayList<>(out.values());
  }

  /** Number of windows overlapping [from, to]: each is a chance of a false positive per query. */
  public int windowsIn(long from, long to) {
    int n = 0;
    for (Window w : windows) {
      n += overlaps(w, from, to) ? 1 : 0;
    }
    return n;
  }

  /** Bytes of the filters kept. */
  public long filterBytes() {
    long b = 0;
    for (Window w : windows) {
      b += w.filter.bits() / 8;
    }
    return b;
  }

  /** Bytes the messages recorded in the windows kept would take stored whole. */
  public long messageBytes() {
    long b = 0;
    for (Window w : windows) {
      b += w.messageBytes;
    }
    return b;
  }

  /** Entries recorded in the windows kept. */
  public long entries() {
    long n = 0;
    for (Window w : windows) {
      n += w.entries;
    }
    return n;
  }

  /** The start of the oldest window kept (digests before it are gone), or {@code now} when none. */
  public long oldest(long now) {
    return windows.isEmpty() ? now : windows.peekFirst().start;
  }

  private Window current(long now) {
    Window w = windows.peekLast();
    if (w != null && now < w.start + config.windowMs()) {
      return w;
    }
    if (w != null) {
      // the rate of the window that just closed sizes the next one
      rate = Math.max(1.0, w.entries * 1000.0 / config.windowMs());
    }
    long start = w == null ? now : w.start + ((now - w.start) / config.windowMs()) * config.windowMs();
    long capacity = (long) Math.ceil(rate * TracebackConfig.SIZING_HEADROOM * config.windowMs() / 1000.0) + 16;
    BloomShape shape = BloomShape.forFalsePositiveRate(capacity, config.falsePositiveRate());
    Window next = new Window(start, new BloomFilter(shape), capacity);
    windows.addLast(next);
    while (windows.size() > config.windows()) {
      windows.removeFirst();
    }
    return next;
  }

  private boolean overlaps(Window w, long from, long to) {
    return w.start <= to && w.start + config.windowMs() > from;
  }

  private static long key(Direction direction, PeerRef link, long digest) {
    long h = Murmur3.fmix64(digest ^ (direction == Direction.RECEIVED ? 0x52L : 0x53L));
    return h ^ Murmur3.fmix64(link.address().hashCode() * 0x9E3779B97F4A7C15L + link.id());
  }
}
