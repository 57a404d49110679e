package org.bloomchord.routing.cache;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * How a peer finds an object in the group after a local miss.
 *
 * <ul>
 *   <li>{@link #NONE}: no sharing; every local miss goes to the origin.
 *   <li>{@link #ICP}: ask every other member of the group (Internet Cache Protocol, RFC 2186/2187).
 *   <li>{@link #SUMMARY}: ask only the members whose Bloom summary matches (Fan, Cao, Almeida and
 *       Broder, "Summary Cache", SIGCOMM 1998).
 *   <li>{@link #ATTENUATED}: the location layer's attenuated filters on the links, Chord fallback.
 *   <li>{@link #DIRECTORY}: the Chord owner of the object's id keeps its holders.
 * </ul>
 */
public enum CacheProtocol {
  NONE, ICP, SUMMARY, ATTENUATED, DIRECTORY;

  /** The name on the command line and in scenarios (lower case). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The protocol of that command-line name, if any. */
  public static Optional<CacheProtocol> parse(String name) {
    return Arrays.stream(values()).filter(p -> p.wireName().equals(name)).findFirst();
  }

  /** The command-line names, comma-separated. */
  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(CacheProtocol::wireName).toList());
  }
}
