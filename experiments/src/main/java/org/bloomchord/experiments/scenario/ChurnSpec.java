package org.bloomchord.experiments.scenario;

import java.nio.file.Path;
import java.time.Duration;
import org.bloomchord.experiments.churn.ChurnModel;
import org.bloomchord.experiments.churn.PoissonChurn;
import org.bloomchord.experiments.churn.SessionChurn;
import org.bloomchord.experiments.churn.SessionDistribution;
import org.bloomchord.experiments.churn.TraceReplay;
import org.bloomchord.experiments.workload.Rate;

/** How a churn phase changes the population: session times, a Poisson rate, or a trace. */
public sealed interface ChurnSpec {

  /** The churn model for a phase of {@code duration} with the given crash share. */
  ChurnModel model(double crashes, Duration duration);

  /**
   * Every peer lives a session drawn from {@code sessions} and is replaced by a joiner
   * ({@code session: { distribution: weibull, median: 20s, shape: 0.6 }}).
   *
   * @param sessions the session-time distribution
   */
  record Sessions(SessionDistribution sessions) implements ChurnSpec {
    @Override
    public ChurnModel model(double crashes, Duration duration) {
      return new SessionChurn(sessions, crashes, duration);
    }
  }

  /**
   * Joins and departures each a Poisson process of rate R ({@code rate: 0.05/s}), as in the Chord
   * paper.
   *
   * @param rate R
   */
  record Poisson(Rate rate) implements ChurnSpec {
    @Override
    public ChurnModel model(double crashes, Duration duration) {
      return PoissonChurn.chordStyle(rate.perSecond(), crashes, duration);
    }
  }

  /**
   * Events replayed from a CSV trace ({@code trace: churn.csv}, relative to the scenario file).
   * Crash share and duration do not apply: the trace says everything.
   *
   * @param file the trace file, resolved
   */
  record Trace(Path file) implements ChurnSpec {
    @Override
    public ChurnModel model(double crashes, Duration duration) {
      return TraceReplay.read(file);
    }
  }
}
