package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;
import org.bloomchord.chord.ChordLimits;
import org.bloomchord.chord.SenderLimit;
import org.bloomchord.routing.heavy.CountingSenderLimit;
import org.bloomchord.routing.heavy.UpdateRule;

/**
 * The {@code chord.senderLimit} section: which per-sender limit a peer's admission charges.
 * {@code kind: exact} (the default) keeps a token bucket per sender at the rate of {@code chord.quota},
 * at most {@code maxSenders} of them, evicting the sender heard from longest ago; {@code kind:
 * counting} keeps a windowed counting filter of {@code counters} counters and refuses a sender that
 * sent more than {@code limit} messages in the current and previous {@code window}, in fixed memory
 * whatever the number of senders (docs/architecture/heavy-hitters.md).
 *
 * @param kind exact or counting
 * @param maxSenders exact: most senders tracked at once, 1..2^20 (default 4096)
 * @param counters counting: counters per generation, 2^10..2^24 (default 2^16: 512 KiB per peer)
 * @param hashes counting: probes per sender, 1..16 (default 4)
 * @param conservative counting: conservative update (default true)
 * @param limit counting: messages per window from one sender, 1..10^9 (default 10 000)
 * @param window counting: the window, 1 ms..1 h (default 1 s)
 */
public record SenderLimitSettings(Kind kind, int maxSenders, int counters, int hashes, boolean conservative,
    long limit, Duration window) {

  /** Which limit. */
  public enum Kind {
    /** Token buckets per sender, capped. */
    EXACT,
    /** A windowed counting filter. */
    COUNTING
  }

  /** The keys of the section. */
  public static final List<String> KEYS = List.of("kind", "maxSenders", "counters", "hashes", "conservative",
      "limit", "window");

  /** The defaults: the exact quota at its default cap. */
  public static final SenderLimitSettings DEFAULTS = new SenderLimitSettings(Kind.EXACT,
      ChordLimits.DEFAULT_MAX_SENDERS, 1 << 16, 4, true, 10_000, Duration.ofSeconds(1));

  public SenderLimitSettings {
    if (kind == null || maxSenders < 1 || maxSenders > 1 << 20 || counters < CountingSenderLimit.MIN_COUNTERS
        || counters > CountingSenderLimit.MAX_COUNTERS || hashes < 1 || hashes > CountingSenderLimit.MAX_HASHES
        || limit < 1 || limit > 1_000_000_000 || window == null || window.toMillis() < 1
        || window.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException("sender limit settings out of range");
    }
  }

  /** Binds the section (absent: the defaults); each value bounded, a mistake one line naming it. */
  static SenderLimitSettings bind(Fields f) {
    SenderLimitSettings d = DEFAULTS;
    Kind kind = f.choice("kind", d.kind(), java.util.Map.of("exact", Kind.EXACT, "counting", Kind.COUNTING));
    int maxSenders = f.integer("maxSenders", d.maxSenders(), 1, 1 << 20);
    int counters = f.integer("counters", d.counters(), CountingSenderLimit.MIN_COUNTERS, CountingSenderLimit.MAX_COUNTERS);
    int hashes = f.integer("hashes", d.hashes(), 1, CountingSenderLimit.MAX_HASHES);
    boolean conservative = f.bool("conservative", d.conservative());
    int limit = f.integer("limit", (int) d.limit(), 1, 1_000_000_000);
    Duration window = f.positiveDuration("window", d.window());
    if (window.compareTo(Duration.ofHours(1)) > 0) {
      throw f.bad("window", "a duration of at most 1h");
    }
    List<String> other = kind == Kind.EXACT ? List.of("counters", "hashes", "conservative", "limit", "window")
        : List.of("maxSenders");
    for (String key : other) {
      if (f.has(key)) {
        throw f.bad(key, "no " + key + " with kind: " + (kind == Kind.EXACT ? "exact" : "counting"));
      }
    }
    return new SenderLimitSettings(kind, maxSenders, counters, hashes, conservative, limit, window);
  }

  /** The peers' limits with this kind of sender limit. */
  public ChordLimits applyTo(ChordLimits limits) {
    if (kind == Kind.EXACT) {
      return limits.withQuotas(maxSenders, limits.requestsPerSecond(), limits.bytesPerSecond())
          .withSenderLimit(SenderLimit.EXACT);
    }
    return limits.withSenderLimit(new CountingSenderLimit(counters, hashes,
        conservative ? UpdateRule.CONSERVATIVE : UpdateRule.PLAIN, limit, window.toMillis()));
  }

  /** The section as a YAML flow mapping that {@link #bind} reads back to equal settings. */
  public String toYaml() {
    return kind == Kind.EXACT ? "{kind: exact, maxSenders: " + maxSenders + "}"
        : "{kind: counting, counters: " + counters + ", hashes: " + hashes + ", conservative: " + conservative
            + ", limit: " + limit + ", window: " + DurationText.format(window) + "}";
  }
}
