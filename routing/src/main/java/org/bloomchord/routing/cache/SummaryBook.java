package org.bloomchord.routing.cache;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.bloom.BloomFilter;
import org.bloomchord.routing.bloom.BloomMath;
import org.bloomchord.routing.bloom.BloomShape;
import org.bloomchord.routing.cache.CacheMessages.SummaryUpdate;
import org.bloomchord.routing.compress.CompressedBloom;
import org.bloomchord.routing.compress.SparseBits;

/**
 * The summaries a peer holds of the other members of its group: one plain Bloom filter and its
 * version per member, in the group's order. Only members of the configured group are kept (at most
 * {@link CacheConfig#maxGroup()}), so memory is bounded by the group, m/8 bytes a member.
 *
 * <p>An update is applied when it is newer than what is held: a whole summary replaces the held
 * one, a delta is XORed into it only when it was built on exactly the held version; otherwise the
 * caller pulls the whole summary ({@link Applied#NEEDS_WHOLE}). Bits that do not decode to exactly
 * the configured shape raise {@link MalformedMessageException} before anything is stored.
 */
final class SummaryBook {

  /** What {@link #apply} did. */
  enum Applied { APPLIED, OLD, NEEDS_WHOLE, NOT_A_MEMBER }

  private record Held(long version, int entries, BloomFilter filter) {
  }

  private final BloomShape shape;
  private final Map<PeerRef, Held> held = new LinkedHashMap<>();
  private final List<PeerRef> members = new ArrayList<>();
  private final int maxGroup;

  SummaryBook(CacheConfig config) {
    this.shape = config.summaryShape();
    this.maxGroup = config.maxGroup();
  }

  /** Sets the group (the other members, self excluded); summaries of peers no longer in it are dropped. */
  void group(List<PeerRef> others) {
    members.clear();
    members.addAll(others.subList(0, Math.min(others.size(), maxGroup)));
    held.keySet().retainAll(members);
  }

  /** The other members. */
  List<PeerRef> members() {
    return members;
  }

  /** Applies {@code u} from {@code from}. */
  Applied apply(PeerRef from, SummaryUpdate u) {
    if (!members.contains(from)) {
      return Applied.NOT_A_MEMBER;
    }
    Held h = held.get(from);
    if (h != null && h.version() >= u.version()) {
      return Applied.OLD;
    }
    BloomFilter f;
    switch (u.coding()) {
      case PLAIN -> f = checked(BloomFilter.fromBytes(u.bits(), shape.bits()));
      case COMPRESSED -> f = checked(CompressedBloom.decode(u.bits(), shape.bits()));
      default -> {
        if (h == null || h.version() != u.baseVersion()) {
          return Applied.NEEDS_WHOLE;
        }
        long[] words = SparseBits.decode(u.bits(), shape.bits());
        long[] old = h.filter().toLongArray();
        for (int i = 0; i < words.length; i++) {
          words[i] ^= old[i];
        }
        f = BloomFilter.of(shape, words);
      }
    }
    held.put(from, new Held(u.version(), u.entries(), f));
    return Applied.APPLIED;
  }

  private BloomFilter checked(BloomFilter f) {
    if (!f.shape().equals(shape)) {
      throw new MalformedMessageException("summary of shape " + f.shape() + ", expected " + shape);
    }
    return f;
  }

  /** Whether {@code member}'s summary matches {@code object} (false when none is held). */
  boolean matches(PeerRef member, long object) {
    Held h = held.get(member);
    return h != null && h.filter().mightContain(object);
  }

  /** The members whose summary matches {@code object}, in group order. */
  List<PeerRef> matching(long object) {
    List<PeerRef> out = new ArrayList<>();
    for (PeerRef p : members) {
      Held h = held.get(p);
      if (h != null && h.filter().mightContain(object)) {
        out.add(p);
      }
    }
    return out;
  }

  /**
   * The false-positive probability of {@code member}'s summary by the formula
   * (1 - e^(-kn/m))^k with n its declared entries; 0 when none is held.
   */
  double falsePositiveRate(PeerRef member) {
    Held h = held.get(member);
    return h == null ? 0 : BloomMath.falsePositiveApprox(shape.bits(), shape.hashes(), h.entries());
  }

  /** The sum of {@link #falsePositiveRate} over the members. */
  double falsePositiveSum() {
    double sum = 0;
    for (PeerRef p : members) {
      sum += falsePositiveRate(p);
    }
    return sum;
  }

  /** The version held of {@code member}'s summary, 0 when none. */
  long version(PeerRef member) {
    Held h = held.get(member);
    return h == null ? 0 : h.version();
  }

  /** Summaries held. */
  int size() {
    return held.size();
  }

  /** Bytes of the summaries held: m/8 each. */
  long memoryBytes() {
    return held.size() * (long) shape.words() * 8;
  }
}
