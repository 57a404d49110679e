package org.bloomchord.experiments.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code reconcile} section: one reconciliation method measured on pairs of sets. When several
 * pairs ran, {@code size}, {@code diff}, {@code bytes}, {@code rounds} and {@code missed} are totals
 * over them and {@code exact} is true only if every pair recovered its difference exactly.
 *
 * @param method the method's name (bloom, iblt, rateless)
 * @param size elements in each set
 * @param diff elements in the symmetric difference
 * @param bytes bytes on the wire
 * @param bytesPerDiff bytes per differing element, or null (omitted) when {@code diff == 0}
 * @param rounds message rounds
 * @param exact whether the difference was recovered exactly
 * @param missed differing elements not recovered
 * @param details further measurements of one pair, in order, after the fields above (written
 *     with their null values, so that every pair's object has the same keys), or null when the
 *     section totals several pairs; with details, a null {@code bytesPerDiff} is written too
 */
@JsonPropertyOrder({"method", "size", "diff", "bytes", "bytesPerDiff", "rounds", "exact", "missed"})
@JsonSerialize(using = ReconcileStats.Writer.class)
public record ReconcileStats(
    String method, long size, long diff, long bytes, Double bytesPerDiff, long rounds, boolean exact,
    long missed, @JsonIgnore Map<String, Object> details) {

  public ReconcileStats {
    if (method == null || method.isBlank()) {
      throw new IllegalArgumentException("method must be named");
    }
    Finite.nonNegative("size", size);
    Finite.nonNegative("diff", diff);
    Finite.nonNegative("bytes", bytes);
    Finite.check("bytesPerDiff", bytesPerDiff);
    Finite.nonNegative("rounds", rounds);
    Finite.nonNegative("missed", missed);
    details = details == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /** The section without details. */
  public ReconcileStats(String method, long size, long diff, long bytes, Double bytesPerDiff, long rounds,
      boolean exact, long missed) {
    this(method, size, diff, bytes, bytesPerDiff, rounds, exact, missed, null);
  }

  /** This section with the further measurements of its pair. */
  public ReconcileStats withDetails(Map<String, Object> details) {
    return toBuilder().details(details).build();
  }

  /** Writes the contract fields in order, then the details. */
  static final class Writer extends JsonSerializer<ReconcileStats> {
    @Override
    public void serialize(ReconcileStats r, JsonGenerator g, SerializerProvider p) throws IOException {
      g.writeStartObject();
      g.writeStringField("method", r.method);
      g.writeNumberField("size", r.size);
      g.writeNumberField("diff", r.diff);
      g.writeNumberField("bytes", r.bytes);
      if (r.bytesPerDiff != null || r.details != null) {
        g.writeFieldName("bytesPerDiff");
        p.defaultSerializeValue(r.bytesPerDiff, g);
      }
      g.writeNumberField("rounds", r.rounds);
      g.writeBooleanField("exact", r.exact);
      g.writeNumberField("missed", r.missed);
      if (r.details != null) {
        for (Map.Entry<String, Object> e : r.details.entrySet()) {
          g.writeFieldName(e.getKey());
          p.defaultSerializeValue(e.getValue(), g);
        }
      }
      g.writeEndObject();
    }
  }

  /** The section with {@code bytesPerDiff} computed from {@code bytes / diff}. */
  public static ReconcileStats of(
      String method, long size, long diff, long bytes, long rounds, boolean exact, long missed) {
    Double perDiff = diff == 0 ? null : (double) bytes / diff;
    return new ReconcileStats(method, size, diff, bytes, perDiff, rounds, exact, missed);
  }

  /** A builder with every component unset (zero, false or null). */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this record's components. */
  public Builder toBuilder() {
    return new Builder()
        .method(method)
        .size(size)
        .diff(diff)
        .bytes(bytes)
        .bytesPerDiff(bytesPerDiff)
        .rounds(rounds)
        .exact(exact)
        .missed(missed)
        .details(details);
  }

  /** Builds a {@link ReconcileStats} by name; {@link #build()} runs the record's checks. */
  public static final class Builder {
    private String method;
    private long size;
    private long diff;
    private long bytes;
    private Double bytesPerDiff;
    private long rounds;
    private boolean exact;
    private long missed;
    private Map<String, Object> details;

    private Builder() {
    }

    /** Sets {@link ReconcileStats#method()}. */
    public Builder method(String value) {
      method = value;
      return this;
    }

    /** Sets {@link ReconcileStats#size()}. */
    public Builder size(long value) {
      size = value;
      return this;
    }

    /** Sets {@link ReconcileStats#diff()}. */
    public Builder diff(long value) {
      diff = value;
      return this;
    }

    /** Sets {@link ReconcileStats#bytes()}. */
    public Builder bytes(long value) {
      bytes = value;
      return this;
    }

    /** Sets {@link ReconcileStats#bytesPerDiff()}. */
    public Builder bytesPerDiff(Double value) {
      bytesPerDiff = value;
      return this;
    }

    /** Sets {@link ReconcileStats#rounds()}. */
    public Builder rounds(long value) {
      rounds = value;
      return this;
    }

    /** Sets {@link ReconcileStats#exact()}. */
    public Builder exact(boolean value) {
      exact = value;
      return this;
    }

    /** Sets {@link ReconcileStats#missed()}. */
    public Builder missed(long value) {
      missed = value;
      return this;
    }

    /** Sets {@link ReconcileStats#details()}. */
    public Builder details(Map<String, Object> value) {
      details = value;
      return this;
    }

    /** The record. */
    public ReconcileStats build() {
      return new ReconcileStats(method, size, diff, bytes, bytesPerDiff, rounds, exact, missed,
          details);
    }
  }
}
