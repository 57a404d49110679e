package org.bloomchord.experiments.scenario;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.experiments.churn.ChurnAction;
import org.bloomchord.experiments.churn.MassDeparture;
import org.bloomchord.experiments.churn.Arrivals;
import org.bloomchord.experiments.workload.CountedWorkload;
import org.bloomchord.experiments.workload.KeyChooser;
import org.bloomchord.experiments.workload.OperationKind;
import org.bloomchord.experiments.workload.OperationMix;
import org.bloomchord.experiments.workload.Rate;
import org.bloomchord.experiments.workload.TimedWorkload;

/**
 * One step of a scenario, run in order. Each kind is a record validated when the scenario is read;
 * the runner switches over them ({@code switch (phase) { case Phase.Join j -> ... }}).
 */
public sealed interface Phase {

  /** The phase kinds as scenarios name them, in the order messages list them. */
  List<String> KINDS = List.of("join", "leave", "fail", "churn", "workload", "publish", "reconcile", "wait", "maintenance",
      "measure", "partition");

  /** This phase's kind as the scenario names it ({@code join}, {@code churn}, ...). */
  String kind();

  /**
   * {@code join: { peers: 1000, over: 10s }}: start peers and join them at an even pace.
   *
   * @param peers how many, >= 1 (default: the scenario's {@code peers})
   * @param over time the joins are spread over (default 0s: all at once)
   */
  record Join(int peers, Duration over) implements Phase {
    @Override
    public String kind() {
      return "join";
    }

    /** The joins as churn events. */
    public Arrivals arrivals() {
      return new Arrivals(peers, over);
    }
  }

  /**
   * {@code leave: { fraction: 0.1, over: 5s }} or {@code leave: { peers: 10 }}: graceful leaves of
   * random live peers.
   *
   * @param fraction share of live peers, when {@code peers} is -1
   * @param peers exact number, or -1
   * @param over time the leaves are spread over (default 0s)
   */
  record Leave(double fraction, int peers, Duration over) implements Phase {
    @Override
    public String kind() {
      return "leave";
    }

    /** The leaves as churn events. */
    public MassDeparture departures() {
      return new MassDeparture(ChurnAction.LEAVE, fraction, peers, over);
    }
  }

  /**
   * {@code fail: { fraction: 0.2 }} or {@code fail: { peers: 10, over: 1s }}: crashes of random
   * live peers; with {@code run --jvms J}, {@code fail: { jvm: K }} kills child JVM K (1..J-1)
   * with SIGKILL, all its peers at once.
   *
   * @param fraction share of live peers, when {@code peers} is -1 and {@code jvm} 0
   * @param peers exact number, or -1
   * @param over time the crashes are spread over (default 0s)
   * @param jvm the child JVM killed, or 0 when peers crash instead
   */
  record Fail(double fraction, int peers, Duration over, int jvm) implements Phase {

    /** Crashes of peers, no JVM killed. */
    public Fail(double fraction, int peers, Duration over) {
      this(fraction, peers, over, 0);
    }

    /** The kill of child JVM {@code jvm}. */
    public static Fail ofJvm(int jvm) {
      return new Fail(0, -1, Duration.ZERO, jvm);
    }

    @Override
    public String kind() {
      return "fail";
    }

    /** The crashes as churn events. */
    public MassDeparture departures() {
      return new MassDeparture(ChurnAction.CRASH, fraction, peers, over);
    }
  }

  /**
   * {@code churn: { for: 30s, session: {...} | rate: 0.05/s | trace: file.csv, crashes: 0.5,
   * warmup: 5s }} with an optional sibling {@code workload: { ... }} running during it.
   *
   * @param duration how long churn runs
   * @param spec how the population changes
   * @param crashes share of departures that are crashes (default 0.5)
   * @param warmup time from the phase's start before which nothing counts (default 0s)
   * @param workload operations issued during the churn, or null
   */
  record Churn(Duration duration, ChurnSpec spec, double crashes, Duration warmup, Operations workload)
      implements Phase {
    @Override
    public String kind() {
      return "churn";
    }

    /** The churn model of this phase. */
    public org.bloomchord.experiments.churn.ChurnModel model() {
      return spec.model(crashes, duration);
    }
  }

  /**
   * {@code workload: { for: 60s, lookups: 200/s, locates: 50/s, keys: { zipf: 0.9 }, warmup: 5s }}.
   *
   * @param duration how long operations arrive
   * @param operations the rates and keys
   * @param warmup time from the phase's start before which nothing counts (default 0s)
   */
  record Workload(Duration duration, Operations operations, Duration warmup) implements Phase {
    @Override
    public String kind() {
      return "workload";
    }

    /** The operations of this phase. */
    public TimedWorkload workload() {
      return operations.over(duration);
    }
  }

  /**
   * Rates of operations and their keys, for workload phases and for a churn phase's workload.
   *
   * @param mix rate per kind (at least one positive)
   * @param keys the keys used
   */
  record Operations(OperationMix mix, KeySpec keys) {
    /** The Poisson operation stream of these rates over {@code duration}. */
    public TimedWorkload over(Duration duration) {
      return new TimedWorkload(mix, keys.chooser(), duration);
    }
  }

  /**
   * {@code publish: { objects: 5000, holdersPerObject: 3, over: 0s }}: random live peers become
   * holders of objects numbered {@code 0..objects-1}.
   *
   * @param objects distinct objects, >= 1
   * @param holdersPerObject distinct holders of each (default 1)
   * @param over time the publications are spread over (default 0s)
   */
  record Publish(int objects, int holdersPerObject, Duration over) implements Phase {
    @Override
    public String kind() {
      return "publish";
    }
  }

  /**
   * {@code reconcile: { method: iblt, size: 10000, diff: 100, pairs: 10 }}: pairs of peers with
   * sets of {@code size} elements differing in {@code diff} reconcile them.
   *
   * @param method the method
   * @param size elements per set, >= 1
   * @param diff size of the symmetric difference, 0..2*size
   * @param pairs how many pairs (default 1)
   */
  record Reconcile(ReconcileMethod method, int size, int diff, int pairs) implements Phase {
    @Override
    public String kind() {
      return "reconcile";
    }
  }

  /** Set-reconciliation methods. */
  enum ReconcileMethod {
    /** Approximate, with a Bloom filter of one side. */
    BLOOM,
    /** Invertible Bloom lookup table sized by a strata estimator. */
    IBLT,
    /** Rateless IBLT: coded symbols stream until decoded. */
    RATELESS
  }

  /**
   * {@code wait: { for: 10s }} or {@code wait: 10s}: let maintenance run.
   *
   * @param duration how long
   */
  record Wait(Duration duration) implements Phase {
    @Override
    public String kind() {
      return "wait";
    }
  }

  /**
   * {@code maintenance: paused} or {@code maintenance: running}: stops or restarts stabilize,
   * fix-fingers, check-predecessor and finger repair on every peer on the ring (dead fingers and
   * successors stay in the tables until a lookup finds them silent), as the Chord paper measures
   * lookups right after a mass failure.
   *
   * @param paused whether maintenance stops
   */
  record Maintenance(boolean paused) implements Phase {
    @Override
    public String kind() {
      return "maintenance";
    }
  }

  /**
   * {@code measure: { lookups: 10000, locates: 10000, keys: uniform, pace: 500/s }}: a fixed
   * number of operations, counted into the summary.
   *
   * @param counts operations per kind (at least one positive)
   * @param keys the keys used
   * @param pace operations per second, or null to issue them as fast as the runner allows
   */
  record Measure(Map<OperationKind, Integer> counts, KeySpec keys, Rate pace) implements Phase {
    public Measure {
      EnumMap<OperationKind, Integer> copy = new EnumMap<>(OperationKind.class);
      copy.putAll(counts);
      counts = Collections.unmodifiableMap(copy);
    }

    @Override
    public String kind() {
      return "measure";
    }

    /** The operations of this phase. */
    public CountedWorkload workload() {
      KeyChooser chooser = keys.chooser();
      return new CountedWorkload(counts, chooser, pace);
    }
  }

  /**
   * {@code partition: { groups: [0.5, 0.3, 0.2], for: 10min, settle: 10min }} on the simulator, or
   * {@code partition: { groups: [[0], [1, 2]], for: 10min }} with {@code run --jvms} (JVM indexes,
   * the coordinator 0), with an optional sibling {@code workload: { ... }} running during the
   * split: the live peers are dealt into groups (shares drawn by the phase's seed), messages
   * between groups are lost for {@code for}, then the network heals; the phase then watches, for
   * at most {@code settle}, until the oracle sees one correct ring, and the run goes on.
   *
   * @param shares shares of the live peers per group (each in (0, 1], summing to 1), or empty
   * @param jvmGroups JVM indexes per group, or empty
   * @param duration how long the split lasts
   * @param settle the longest watch for one ring after the heal (default 10min)
   * @param workload operations issued during the split, or null
   */
  record Partition(List<Double> shares, List<List<Integer>> jvmGroups, Duration duration, Duration settle,
      Operations workload) implements Phase {
    public Partition {
      shares = List.copyOf(shares);
      jvmGroups = jvmGroups.stream().map(List::copyOf).toList();
    }

    @Override
    public String kind() {
      return "partition";
    }

    /** The number of groups. */
    public int groups() {
      return shares.isEmpty() ? jvmGroups.size() : shares.size();
    }
  }
}
