package org.bloomchord.experiments.scenario;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.churn.SessionDistribution;
import org.bloomchord.experiments.workload.Rate;

/**
 * Binds a {@code churn} phase: its length, one model (session times of a distribution, a Poisson
 * rate, or a trace file under the scenario's folder), the crash share, the warm-up and an optional
 * {@code workload} next to it.
 */
final class ChurnBinder {

  private static final List<String> SESSION_KEYS = List.of("distribution", "mean", "median", "scale", "shape");
  private static final List<String> CHURN_KEYS = List.of("for", "session", "rate", "trace", "crashes", "warmup");

  private final Path baseDir;
  private final OperationsBinder operations;

  ChurnBinder(Path baseDir, OperationsBinder operations) {
    this.baseDir = baseDir;
    this.operations = operations;
  }

  Phase churn(YamlNode.Mapping item, String path) {
    Fields f = new Fields(item.entries().get("churn"), path + ".churn", CHURN_KEYS);
    Duration duration = f.positiveDuration("for", null);
    String how = f.exactlyOne(List.of("session", "rate", "trace"));
    ChurnSpec spec = switch (how) {
      case "session" -> new ChurnSpec.Sessions(session(f.map("session", SESSION_KEYS)));
      case "rate" -> new ChurnSpec.Poisson(f.value("rate", null, "a rate above zero like 0.05/s or 30/min", t -> {
        Rate r = Rate.parse(t);
        return r.perSecond() > 0 ? r : null;
      }));
      default -> new ChurnSpec.Trace(baseDir.resolve(f.string("trace", null)));
    };
    if (spec instanceof ChurnSpec.Trace t
        && !(java.nio.file.Files.isRegularFile(t.file()) && java.nio.file.Files.isReadable(t.file()))) {
      throw f.bad("trace", "a readable CSV file (looked for " + t.file() + ")");
    }
    double crashes = f.fraction("crashes", 0.5);
    Duration warmup = warmup(f, duration);
    Phase.Operations workload = null;
    if (item.entries().containsKey("workload")) {
      workload = operations.operations(new Fields(item.entries().get("workload"), path + ".workload",
          OperationsBinder.RATE_KEYS));
    }
    return new Phase.Churn(duration, spec, crashes, warmup, workload);
  }

  static Duration warmup(Fields f, Duration duration) {
    Duration warmup = f.duration("warmup", Duration.ZERO);
    if (warmup.compareTo(duration) >= 0 && !warmup.isZero()) {
      throw f.bad("warmup", "a duration shorter than for = " + DurationText.format(duration));
    }
    return warmup;
  }

  private static SessionDistribution session(Fields f) {
    String distribution = f.choice("distribution", null,
        mapOf("exponential", "exponential", "weibull", "weibull", "pareto", "pareto"));
    String expected = "a duration above zero like 20s";
    if (distribution.equals("exponential")) {
      String by = f.exactlyOne(List.of("mean", "median"));
      rejectAll(f, distribution, List.of("scale", "shape"));
      double seconds = f.positiveDuration(by, null).toMillis() / 1000.0;
      return new SessionDistribution.Exponential(by.equals("mean") ? seconds : seconds / Math.log(2));
    }
    rejectAll(f, distribution, List.of("mean"));
    String by = f.exactlyOne(List.of("median", "scale"));
    double seconds = f.value(by, null, expected, t -> {
      Duration d = DurationText.parse(t);
      return d.isZero() ? null : d;
    }).toMillis() / 1000.0;
    double shape = f.number("shape", null, 1e-3, 1e3, "a shape from 0.001 to 1000, like 0.6");
    if (distribution.equals("weibull")) {
      return by.equals("median") ? SessionDistribution.Weibull.withMedian(seconds, shape)
          : new SessionDistribution.Weibull(seconds, shape);
    }
    return by.equals("median") ? SessionDistribution.Pareto.withMedian(seconds, shape)
        : new SessionDistribution.Pareto(seconds, shape);
  }

  private static void rejectAll(Fields f, String distribution, List<String> keys) {
    for (String k : keys) {
      if (f.has(k)) {
        throw new ScenarioException(f.keyPosition(k), "key '" + k + "' does not apply to a " + distribution
            + " session in " + f.where());
      }
    }
  }

  private static Map<String, String> mapOf(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }
}
