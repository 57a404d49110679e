package org.bloomchord.experiments.scenario;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.experiments.workload.OperationMix;
import org.bloomchord.experiments.workload.Rate;

/**
 * Binds what a phase asks the peers to do: the rates of a {@code workload} (or of the workload
 * next to a churn phase), the counts and pace of a {@code measure} phase, and their keys (uniform
 * or Zipf over a population that defaults to the objects the last publish phase published).
 */
final class OperationsBinder {

  /** The keys of a rate section. */
  static final List<String> RATE_KEYS = List.of("lookups", "gets", "puts", "locates", "keys");
  private static final List<String> KEY_KEYS = List.of("zipf", "population");

  private int published;

  /** Records that a publish phase published {@code objects}: the key population of later phases. */
  void published(int objects) {
    this.published = objects;
  }

  Phase.Operations operations(Fields f) {
    Map<OperationKind, Rate> rates = new EnumMap<>(OperationKind.class);
    for (OperationKind k : OperationKind.values()) {
      if (f.has(k.plural())) {
        rates.put(k, f.rate(k.plural(), null));
      }
    }
    if (rates.values().stream().noneMatch(r -> r.perSecond() > 0)) {
      throw new ScenarioException(f.position(), f.where() + " needs a rate above zero for one of: lookups, gets, puts, locates");
    }
    return new Phase.Operations(new OperationMix(rates), keys(f));
  }

  Phase.Measure measure(Fields f) {
    Map<OperationKind, Integer> counts = new EnumMap<>(OperationKind.class);
    for (OperationKind k : OperationKind.values()) {
      if (f.has(k.plural())) {
        counts.put(k, f.integer(k.plural(), null, 0, 100_000_000));
      }
    }
    if (counts.values().stream().noneMatch(n -> n > 0)) {
      throw new ScenarioException(f.position(), f.where() + " needs a count above zero for one of: lookups, gets, puts, locates");
    }
    Rate pace = f.has("pace") ? f.value("pace", null, "a rate above zero like 500/s", t -> {
      Rate r = Rate.parse(t);
      return r.perSecond() > 0 ? r : null;
    }) : null;
    return new Phase.Measure(counts, keys(f), pace);
  }

  private KeySpec keys(Fields f) {
    int population = published > 0 ? published : KeySpec.DEFAULT_POPULATION;
    YamlNode v = f.raw("keys");
    if (v == null) {
      return new KeySpec(0, population);
    }
    if (v instanceof YamlNode.Scalar s) {
      if ("uniform".equals(s.text())) {
        return new KeySpec(0, population);
      }
      throw f.bad("keys", "uniform or a map like { zipf: 0.9, population: 5000 }");
    }
    Fields k = f.map("keys", KEY_KEYS);
    double s = k.number("zipf", 0.0, 0, 100, "a Zipf exponent from 0 to 100, like 0.9");
    return new KeySpec(s, k.integer("population", population, 1, 100_000_000));
  }
}
