package org.bloomchord.experiments.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.bloomchord.routing.cache.ObjectName;
import org.junit.jupiter.api.Test;

/** The catalogue's URLs: the same every time, one per object, ASCII, of the stated length distribution. */
class UrlCatalogueTest {

  @Test
  void urlsAreDeterministicUniqueAndOfTheStatedLengths() {
    int n = 20_000;
    Set<String> urls = new HashSet<>();
    Set<Long> keys = new HashSet<>();
    Set<String> servers = new HashSet<>();
    double sum = 0;
    for (int k = 0; k < n; k++) {
      String u = UrlCatalogue.url(k);
      assertEquals(u, UrlCatalogue.url(k));
      assertTrue(u.chars().allMatch(c -> c > 32 && c < 127), u);
      assertTrue(u.startsWith("http://www.s") && u.endsWith(Long.toString(k, 36) + ".html"), u);
      assertTrue(u.length() <= UrlCatalogue.MAX_BYTES && !u.substring(7).contains("//"), u);
      urls.add(u);
      keys.add(ObjectName.url(u).key());
      servers.add(u.substring(0, u.indexOf('/', 7)));
      sum += u.length();
    }
    assertEquals(n, urls.size());
    assertEquals(n, keys.size(), "no two URLs share a key");
    assertEquals(n / UrlCatalogue.URLS_PER_SERVER, servers.size());
    // log-normal, median 67 and sigma 0.53: mean 67 e^(0.53^2 / 2) = 76.8; the fixed parts (about 32
    // bytes) raise the shortest, so the mean lies a little above; 20,000 draws: standard error 0.3
    double mean = sum / n;
    assertTrue(mean > 76.8 - 1.5 && mean < 76.8 + 3, "mean URL length " + mean);
  }
}
