package org.bloomchord.experiments.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bloomchord.overlay.sim.LatencyModel;
import org.bloomchord.overlay.RuntimeKind;

/**
 * One concrete, validated scenario: what {@code bloomchord run} executes. A file with sweeps
 * expands into several of these; {@link #sweep()} records the swept values of this one (dotted
 * path to the value as written, in the file's order), empty when nothing was swept.
 *
 * @param name the scenario's name (default: the file name without extension)
 * @param description free text, or empty
 * @param seed the seed every random choice derives from (default 1)
 * @param runtime the runtime (default vertx)
 * @param peers the peer count of the experiment, >= 1 (the default of join phases)
 * @param chord Chord settings
 * @param routing routing settings
 * @param rogue hostile peers ({@link RogueSettings#NONE} when the file has no {@code rogue} section)
 * @param phases the phases in order (at least one)
 * @param sweep swept values of this instance, path to value
 * @param source the file (or resource) it was read from
 * @param latency the simulator's one-way message delay ({@link LatencySpec}; constant 10 ms when
 *     not given)
 * @param traceback messages traced back to their origins ({@link TracebackSettings#NONE} when the file
 *     has no {@code traceback} section)
 * @param cache cooperative caching measured after the phases ({@link CacheSettings#NONE} when the file
 *     has no {@code cache} section)
 */
public record Scenario(
    String name, String description, long seed, RuntimeKind runtime, int peers, ChordSettings chord,
    RoutingSettings routing, RogueSettings rogue, List<Phase> phases, Map<String, String> sweep, String source,
    LatencyModel latency, TracebackSettings traceback, CacheSettings cache) {

  /** The top-level keys, in the order messages list them. */
  public static final List<String> KEYS = List.of("name", "description", "seed", "runtime", "peers", "chord",
      "routing", "rogue", "traceback", "cache", "latency", "phases");

  public Scenario {
    phases = List.copyOf(phases);
    sweep = Collections.unmodifiableMap(new LinkedHashMap<>(sweep));
    if (phases.isEmpty() || peers < 1) {
      throw new IllegalArgumentException("a scenario has peers and phases");
    }
    if (rogue == null) {
      rogue = RogueSettings.NONE;
    }
    if (traceback == null) {
      traceback = TracebackSettings.NONE;
    }
    if (cache == null) {
      cache = CacheSettings.NONE;
    }
    if (latency == null) {
      latency = LatencySpec.DEFAULT;
    }
  }

  /** The name with the swept values, e.g. {@code path-length peers=64}; a folder name for the run. */
  public String label() {
    if (sweep.isEmpty()) {
      return name;
    }
    List<String> parts = new ArrayList<>();
    sweep.forEach((k, v) -> parts.add(k + "=" + v));
    return name + " " + String.join(" ", parts);
  }

  /**
   * A seed for one phase, derived from the scenario's seed and the phase's index, so that changing
   * one phase does not shift the random choices of the others.
   */
  public long phaseSeed(int phaseIndex) {
    long z = seed + 0x9E3779B97F4A7C15L * (phaseIndex + 1);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link Scenario} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private String name;
    private String description;
    private long seed;
    private RuntimeKind runtime;
    private int peers;
    private ChordSettings chord;
    private RoutingSettings routing;
    private RogueSettings rogue;
    private List<Phase> phases;
    private Map<String, String> sweep;
    private String source;
    private LatencyModel latency;
    private TracebackSettings traceback;
    private CacheSettings cache;

    private Builder() {
    }

    /** Sets {@link Scenario#name()}. */
    public Builder name(String value) {
      name = value;
      return this;
    }

    /** Sets {@link Scenario#description()}. */
    public Builder description(String value) {
      description = value;
      return this;
    }

    /** Sets {@link Scenario#seed()}. */
    public Builder seed(long value) {
      seed = value;
      return this;
    }

    /** Sets {@link Scenario#runtime()}. */
    public Builder runtime(RuntimeKind value) {
      runtime = value;
      return this;
    }

    /** Sets {@link Scenario#peers()}. */
    public Builder peers(int value) {
      peers = value;
      return this;
    }

    /** Sets {@link Scenario#chord()}. */
    public Builder chord(ChordSettings value) {
      chord = value;
      return this;
    }

    /** Sets {@link Scenario#routing()}. */
    public Builder routing(RoutingSettings value) {
      routing = value;
      return this;
    }

    /** Sets {@link Scenario#rogue()}. */
    public Builder rogue(RogueSettings value) {
      rogue = value;
      return this;
    }

    /** Sets {@link Scenario#phases()}. */
    public Builder phases(List<Phase> value) {
      phases = value;
      return this;
    }

    /** Sets {@link Scenario#sweep()}. */
    public Builder sweep(Map<String, String> value) {
      sweep = value;
      return this;
    }

    /** Sets {@link Scenario#source()}. */
    public Builder source(String value) {
      source = value;
      return this;
    }

    /** Sets {@link Scenario#latency()}. */
    public Builder latency(LatencyModel value) {
      latency = value;
      return this;
    }

    /** Sets {@link Scenario#traceback()}. */
    public Builder traceback(TracebackSettings value) {
      traceback = value;
      return this;
    }

    /** Sets {@link Scenario#cache()}. */
    public Builder cache(CacheSettings value) {
      cache = value;
      return this;
    }

    /** The record. */
    public Scenario build() {
      return new Scenario(name, description, seed, runtime, peers, chord, routing, rogue, phases,
          sweep, source, latency, traceback, cache);
    }
  }
}
