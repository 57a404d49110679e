package org.bloomchord.experiments.runner.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The published figure a bundled scenario reproduces, read from the resource
 * {@code reproductions/<scenario name>.json}: where it was published, which swept value is its x
 * axis, and for each compared metric the published points. Points marked approximate were read off
 * a plot rather than stated in the text; the report says so next to them.
 *
 * @param figure the figure or table, e.g. {@code Stoica et al. 2003, Fig. 10(a)}
 * @param parameter the sweep path whose values are the x axis ({@code peers},
 *     {@code chord.virtualNodes}, {@code phases[2].fail.fraction})
 * @param xLabel the x axis label
 * @param logX whether the x axis is logarithmic
 * @param note how the published values were obtained and how the setups differ
 * @param curves the compared metrics
 */
public record Reproduction(String figure, String parameter, String xLabel, boolean logX, String note,
    List<Curve> curves) {

  /** Where bundled reproductions keep their published values. */
  public static final String RESOURCES = "reproductions/";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  /**
   * One compared metric.
   *
   * @param metric what is measured, a name {@link RunMetrics#value} knows
   * @param label the legend and table label
   * @param yLabel the y axis label
   * @param approximate whether the published points were read off a plot
   * @param published points {x, y}
   */
  public record Curve(String metric, String label, String yLabel, boolean approximate, List<double[]> published) {
  }

  /** The published figure of the bundled scenario {@code name}, or null when there is none. */
  public static Reproduction of(String name) {
    try (InputStream in = Reproduction.class.getClassLoader().getResourceAsStream(RESOURCES + name + ".json")) {
      return in == null ? null : JSON.readValue(in, Reproduction.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the published values of " + name, e);
    }
  }
}
