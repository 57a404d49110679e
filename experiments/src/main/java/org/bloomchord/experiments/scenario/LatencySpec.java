package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.sim.LatencyModel;

/**
 * The {@code latency} section of a scenario: the simulator's one-way message delay. Models:
 * {@code constant} ({@code delay}, default 10ms: the simulator's default, with which every
 * published figure without this section was measured), {@code uniform} ({@code min}, {@code max}),
 * {@code coordinates} (random points of a unit square, {@code diagonal} the delay across it) and
 * {@code geographic} (the same plus an access delay per peer at each end, drawn once per peer from
 * [{@code accessMin}, {@code accessMax}]; defaults diagonal 100ms, access 2ms..20ms, i.e. round
 * trips from 8 ms to 280 ms, about 120 ms on average). Only the simulator has a latency model.
 */
final class LatencySpec {

  /** The keys of the section. */
  static final List<String> KEYS = List.of("model", "delay", "min", "max", "diagonal", "accessMin", "accessMax");

  /** The simulator's default model. */
  static final LatencyModel DEFAULT = LatencyModel.constant(10);

  private LatencySpec() {
  }

  /** The model a {@code latency} section describes (the default when the section is absent). */
  static LatencyModel parse(Fields f) {
    String model = f.choice("model", "constant", Map.of("constant", "constant", "uniform", "uniform",
        "coordinates", "coordinates", "geographic", "geographic"));
    return switch (model) {
      case "uniform" -> {
        long min = ms(f, "min", Duration.ofMillis(10));
        long max = ms(f, "max", Duration.ofMillis(100));
        if (max < min) {
          throw f.bad("max", "at least min (" + min + "ms)");
        }
        yield LatencyModel.uniform(min, max);
      }
      case "coordinates" -> LatencyModel.coordinates(ms(f, "diagonal", Duration.ofMillis(100)));
      case "geographic" -> {
        long min = ms(f, "accessMin", Duration.ofMillis(2));
        long max = ms(f, "accessMax", Duration.ofMillis(20));
        if (max < min) {
          throw f.bad("accessMax", "at least accessMin (" + min + "ms)");
        }
        yield LatencyModel.geographic(ms(f, "diagonal", Duration.ofMillis(100)), min, max);
      }
      default -> LatencyModel.constant(ms(f, "delay", Duration.ofMillis(10)));
    };
  }

  private static long ms(Fields f, String key, Duration fallback) {
    Duration d = f.duration(key, fallback);
    if (d.toMillis() > 3_600_000L) {
      throw f.bad(key, "at most 1h");
    }
    return d.toMillis();
  }
}
