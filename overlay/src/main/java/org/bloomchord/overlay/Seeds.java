package org.bloomchord.overlay;

/**
 * Derives independent seeds from the network seed, so that a peer's random stream depends on its
 * own address only, never on which peers were launched before it. Both runtimes seed their peers'
 * generators with {@link #peer}.
 */
public final class Seeds {

  private Seeds() {
  }

  /** The seed of the generator of the peer at {@code address} in a network seeded with {@code networkSeed}. */
  public static long peer(long networkSeed, String address) {
    return mix(networkSeed ^ mix(hash(address)));
  }

  /** A strong 64-bit mixer (the SplitMix64 finaliser). */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** 64-bit FNV-1a over the string's UTF-16 code units: stable across JVMs and runs. */
  public static long hash(String s) {
    long h = 0xCBF29CE484222325L;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      h = (h ^ (c & 0xFF)) * 0x100000001B3L;
      h = (h ^ (c >>> 8)) * 0x100000001B3L;
    }
    return h;
  }
}
