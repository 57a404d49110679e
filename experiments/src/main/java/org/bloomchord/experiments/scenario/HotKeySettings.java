package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.workload.Rate;
import org.bloomchord.routing.heavy.HotKeyOptions;

/**
 * The {@code chord.hotKeys} section: hot-key relief (docs/architecture/hot-keys.md). Absent, peers
 * carry no relief and reads go through the store. Present, every peer carries a
 * {@link org.bloomchord.routing.heavy.HotKeyRelief}, gets are read through it, and the summary has
 * a {@code load} section; {@code relief: off} keeps the same read path with no leases (the owner
 * answers every read), the baseline a run with relief is compared with.
 *
 * @param enabled whether the section is present
 * @param relief whether owners lease hot keys ({@code relief: on}, the default) or never do
 * @param threshold gets per second at a key's owner that make it hot, a whole number, 1..10^6
 *     (default 2/s)
 * @param lease how long a leased copy is served, 1 ms..1 h (default 10s)
 * @param budget answers per second a peer gives other peers from a leased key before it hands
 *     further gets to the peers it leased the key to, a whole number, 0 (none)..10^6 (default 2/s)
 */
public record HotKeySettings(boolean enabled, boolean relief, long threshold, Duration lease, long budget) {

  /** The keys of the section. */
  public static final List<String> KEYS = List.of("relief", "threshold", "lease", "budget");

  /** No relief, no load section. */
  public static final HotKeySettings NONE = new HotKeySettings(false, true, HotKeyOptions.defaults().thresholdPerSecond(),
      Duration.ofMillis(HotKeyOptions.defaults().leaseMs()), HotKeyOptions.defaults().budgetPerSecond());

  private static final long MAX_RATE = 1_000_000;

  public HotKeySettings {
    if (lease == null || lease.toMillis() < 1 || lease.compareTo(Duration.ofHours(1)) > 0 || threshold < 1
        || threshold > MAX_RATE || budget < 0 || budget > MAX_RATE) {
      throw new IllegalArgumentException("hot-key settings out of range");
    }
  }

  /** Binds the section; absent ({@code f} null) gives {@link #NONE}. */
  static HotKeySettings bind(Fields f) {
    if (f == null) {
      return NONE;
    }
    HotKeySettings d = NONE;
    boolean relief = f.choice("relief", true, Map.of("on", true, "off", false));
    long threshold = wholeRate(f, "threshold", d.threshold(), 1);
    Duration lease = f.positiveDuration("lease", d.lease());
    if (lease.compareTo(Duration.ofHours(1)) > 0) {
      throw f.bad("lease", "a duration of at most 1h");
    }
    long budget = wholeRate(f, "budget", d.budget(), 0);
    return new HotKeySettings(true, relief, threshold, lease, budget);
  }

  private static long wholeRate(Fields f, String key, long fallback, long min) {
    Rate r = f.rate(key, new Rate(fallback));
    double v = r.perSecond();
    if (v != Math.rint(v) || v < min || v > MAX_RATE) {
      throw f.bad(key, "a whole number per second from " + min + "/s to " + MAX_RATE + "/s");
    }
    return (long) v;
  }

  /** The peers' relief options: with {@code relief: off} a threshold no key reaches and no budget. */
  public HotKeyOptions options() {
    return HotKeyOptions.defaults().with(relief ? threshold : Long.MAX_VALUE / 4, lease.toMillis())
        .withBudget(relief ? budget : 0);
  }

  /** The section as a YAML flow mapping that {@link #bind} reads back to equal settings. */
  public String toYaml() {
    return "{relief: " + (relief ? "on" : "off") + ", threshold: " + threshold + "/s, lease: "
        + DurationText.format(lease) + ", budget: " + budget + "/s}";
  }
}
