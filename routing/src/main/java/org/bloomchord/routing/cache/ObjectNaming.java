package org.bloomchord.routing.cache;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * How a group names its objects on the wire (the same for every member: {@link CacheWire} encodes
 * names by the group's setting, so a name carries no kind byte).
 *
 * <ul>
 *   <li>{@link #URL}: by a URL, as web caches do; an ICP query carries the URL, the object's key is
 *       a 63-bit fingerprint of it ({@link ObjectName#url}) and summaries hash that key.
 *   <li>{@link #NUMBER}: by the catalogue's number, a varlong of 1 to 3 bytes for a catalogue of up to
 *       2 million objects; the key is the number. A setting cheaper in bytes than any web cache's.
 * </ul>
 */
public enum ObjectNaming {
  URL, NUMBER;

  /** The name on the command line, in scenarios and in summaries (lower case). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The naming of that command-line name, if any. */
  public static Optional<ObjectNaming> parse(String name) {
    return Arrays.stream(values()).filter(n -> n.wireName().equals(name)).findFirst();
  }
}
