package org.bloomchord.experiments.cache;

import java.util.SplittableRandom;

/**
 * Synthetic URLs for a catalogue's objects, one per object number, the same in every run (drawn
 * from the number alone, not from the run's seed):
 *
 * <pre>
 *   http://www.s{server}.example/{path}{number}.html      server = number / 10, both in base 36
 * </pre>
 *
 * <p>The length of the whole URL is drawn from a log-normal of median {@value #MEDIAN_BYTES} bytes
 * and sigma {@value #SIGMA} (mean about 77, standard deviation about 43), rounded, at least the
 * fixed parts' length and at most {@value #MAX_BYTES}; {@code path} is lower-case letters and
 * digits, a slash after every 8 characters, filling the URL to that length. The median and mean are
 * those of a measured crawl of 6.6 million URLs (median 67, mean 77, standard deviation 37
 * characters); Fan et al. state no URL length, only that a trace's distinct URLs outnumber its
 * distinct server names about 10 to 1 (section "Summary Representations"), which the server part
 * follows. Every URL is ASCII, so its bytes are its characters, and unique (it ends with the
 * number).
 */
public final class UrlCatalogue {

  /** Median URL length, bytes. */
  public static final int MEDIAN_BYTES = 67;
  /** Log-normal sigma of the URL lengths: mean = median * e^(sigma^2 / 2), about 77. */
  public static final double SIGMA = 0.53;
  /** Longest URL drawn, bytes. */
  public static final int MAX_BYTES = 1024;
  /** Distinct URLs per distinct server name (Fan et al.'s traces). */
  public static final int URLS_PER_SERVER = 10;

  private static final char[] PATH = "abcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  private UrlCatalogue() {
  }

  /** The URL of object {@code number} (>= 0). */
  public static String url(long number) {
    if (number < 0) {
      throw new IllegalArgumentException("negative object number " + number);
    }
    SplittableRandom r = new SplittableRandom(number * 0x9E3779B97F4A7C15L + 0x5DEECE66DL);
    String head = "http://www.s" + Long.toString(number / URLS_PER_SERVER, 36) + ".example/";
    String tail = Long.toString(number, 36) + ".html";
    double u = 1 - r.nextDouble();
    double v = r.nextDouble();
    double g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    long length = Math.round(MEDIAN_BYTES * Math.exp(SIGMA * g));
    int fill = (int) Math.max(0, Math.min(MAX_BYTES, length) - head.length() - tail.length());
    StringBuilder b = new StringBuilder(head.length() + fill + tail.length()).append(head);
    for (int i = 0; i < fill; i++) {
      // a slash after every 8 characters, never two in a row, never as the first path character
      b.append(i % 9 == 8 && i + 1 < fill ? '/' : PATH[r.nextInt(PATH.length)]);
    }
    return b.append(tail).toString();
  }

  /** The mean URL length in bytes over objects 0 .. {@code objects - 1}. */
  public static double meanBytes(int objects) {
    double sum = 0;
    for (int k = 0; k < objects; k++) {
      sum += url(k).length();
    }
    return objects == 0 ? 0 : sum / objects;
  }
}
