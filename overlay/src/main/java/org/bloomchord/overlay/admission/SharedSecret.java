package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A ring's shared secret and what is derived from it: the cluster name (which travels in clear in
 * the cluster manager's messages) and the seed of the event bus' TLS certificate. Both come from
 * one master key, PBKDF2-HMAC-SHA256 of the secret with {@value #ITERATIONS} iterations and a
 * fixed salt ({@value #SALT}: every JVM of a ring must derive the same names without talking
 * first), then HMAC-SHA256 of the master key under one label each. So a guess of the secret from
 * the cluster name costs {@value #ITERATIONS} HMACs, and the name reveals nothing of the seed.
 *
 * <p>The secret is the file's text with surrounding white space cut, at least {@value #MIN_BITS}
 * bits long counted by how it is written: 4 bits per character when all are hexadecimal digits,
 * 6 when all are of the base64 alphabets, 8 per byte otherwise ({@code openssl rand -hex 16} is
 * the shortest hex secret taken, {@code head -c 32 /dev/urandom | base64} gives 256 bits). The file
 * must be readable by its owner only ({@link OwnerOnlyFile}).
 */
public final class SharedSecret {

  /** The fewest bits a secret may have. */
  public static final int MIN_BITS = 128;
  /** PBKDF2 iterations of the master key (OWASP's 2023 figure for PBKDF2-HMAC-SHA256). */
  public static final int ITERATIONS = 600_000;
  /** PBKDF2's salt: fixed, so that every holder of the secret derives the same key. */
  public static final String SALT = "bloomchord shared secret v2";

  private final byte[] master;

  private SharedSecret(byte[] master) {
    this.master = master;
  }

  /**
   * Reads the secret of {@code file}: owner-only, not empty, at least {@value #MIN_BITS} bits.
   *
   * @throws IllegalArgumentException naming the file and what is wrong
   */
  public static SharedSecret read(Path file) {
    OwnerOnlyFile.check(file);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read it (" + e.getMessage() + ")", e);
    }
    try {
      return of(bytes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The secret of these bytes (surrounding white space cut).
   *
   * @throws IllegalArgumentException if it is empty or shorter than {@value #MIN_BITS} bits
   */
  public static SharedSecret of(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1).strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("the secret is empty");
    }
    int bits = bits(text);
    if (bits < MIN_BITS) {
      throw new IllegalArgumentException("the secret has " + bits + " bits, fewer than " + MIN_BITS
          + "; make one with: head -c 32 /dev/urandom | base64");
    }
    char[] password = text.toCharArray();
    try {
      SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
      PBEKeySpec spec = new PBEKeySpec(password, SALT.getBytes(StandardCharsets.US_ASCII), ITERATIONS, 256);
      byte[] master = f.generateSecret(spec).getEncoded();
      spec.clearPassword();
      return new SharedSecret(master);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is missing from this JVM", e);
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  /**
   * How many bits a secret written as {@code text} has at most: 4 per character of a hexadecimal
   * text, 6 per character (padding left out) of a base64 text, 8 per byte of any other.
   */
  public static int bits(String text) {
    if (text.chars().allMatch(c -> Character.digit(c, 16) >= 0 && c < 128)) {
      return 4 * text.length();
    }
    String unpadded = text.replaceAll("=+$", "");
    if (unpadded.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || "+/-_".indexOf(c) >= 0))) {
      return 6 * unpadded.length();
    }
    return 8 * text.getBytes(StandardCharsets.ISO_8859_1).length;
  }

  /** "bc-" and 32 hex digits: the cluster name of the ring that holds this secret. */
  public String clusterName() {
    return "bc-" + HexFormat.of().formatHex(label("bloomchord cluster name"), 0, 16);
  }

  /** 64 hex digits: the seed of the event bus' TLS certificate, which the cluster name does not reveal. */
  public String tlsSeed() {
    return HexFormat.of().formatHex(label("bloomchord event-bus key"));
  }

  private byte[] label(String label) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(master, "HmacSHA256"));
      return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
    }
  }
}
