package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.cert.X509CRL;
import java.security.cert.X509CRLEntry;
import java.security.cert.X509Certificate;
import java.util.HashSet;
import java.util.Set;

/**
 * The revocation list a member uses, kept in step with its file: the file is looked at no more than
 * once per check period, when someone asks, and read again when its modification time or size
 * changed. A new list is taken only if it parses, is signed by the authority and its CRL number is
 * not lower than the one in use; otherwise the list in use stays and a warning is logged once per
 * change of the file. Its {@code nextUpdate} is not enforced: the newest list a member has stays
 * in force.
 *
 * <p>Thread-safe: the list is swapped by reference, so that {@link #serials} is a volatile read
 * between checks, and an unchanged list keeps its set (callers compare sets by reference).
 */
final class RevocationList {

  private static final Logger LOG = System.getLogger(MemberTrust.class.getName());

  /** A list as read: its serials, number, and the file's stamp when it was last looked at. */
  private record Snapshot(Set<BigInteger> serials, BigInteger number, FileTime modified, long size) {
  }

  private final String member;
  private final Path file;
  private final X509Certificate authority;
  private final long checkNanos;
  private volatile Snapshot current;
  private volatile long nextCheckNanos;

  private RevocationList(String member, Path file, X509Certificate authority, long checkMs, Snapshot first) {
    this.member = member;
    this.file = file;
    this.authority = authority;
    this.checkNanos = checkMs * 1_000_000L;
    this.current = first;
    this.nextCheckNanos = System.nanoTime() + checkNanos;
  }

  /**
   * Reads the list of {@code file}.
   *
   * @throws IllegalArgumentException if it is not a list signed by {@code authority}
   */
  static RevocationList open(String member, Path file, X509Certificate authority, long checkMs) {
    RevocationList list = new RevocationList(member, file, authority, checkMs, null);
    Snapshot first = list.read(null);
    if (first == null) {
      throw new IllegalArgumentException("member '" + member + "': " + file
          + " is not a revocation list signed by the authority");
    }
    list.current = first;
    return list;
  }

  /** The serials revoked now, after looking at the file if a check is due. */
  Set<BigInteger> serials() {
    long now = System.nanoTime();
    if (now - nextCheckNanos >= 0) {
      synchronized (this) {
        if (now - nextCheckNanos >= 0) {
          nextCheckNanos = now + checkNanos;
          current = read(current);
        }
      }
    }
    return current.serials();
  }

  /** The serials of the list in use, without looking at the file. */
  Set<BigInteger> current() {
    return current.serials();
  }

  /**
   * The list to use from now on: {@code in} when the file is unchanged; the file's list when it
   * changed and is fit (logged); otherwise {@code in} with the file's new stamp, so that an unfit
   * file is reported once, not at every look (null when there is no list in use yet).
   */
  private Snapshot read(Snapshot in) {
    FileTime modified;
    long size;
    try {
      modified = Files.getLastModifiedTime(file);
      size = Files.size(file);
    } catch (IOException e) {
      return in;
    }
    if (in != null && modified.equals(in.modified()) && size == in.size()) {
      return in;
    }
    String problem;
    try {
      X509CRL list = Pem.readCrl(file);
      list.verify(authority.getPublicKey());
      BigInteger number = RingAuthority.crlNumber(list);
      if (in == null || number.compareTo(in.number()) >= 0) {
        Set<BigInteger> serials = new HashSet<>();
        if (list.getRevokedCertificates() != null) {
          for (X509CRLEntry e : list.getRevokedCertificates()) {
            serials.add(e.getSerialNumber());
          }
        }
        if (in != null) {
          LOG.log(Level.INFO, "member " + member + ": revocation list reloaded from " + file + ", " + serials.size()
              + " revoked, CRL number " + number);
        }
        return new Snapshot(Set.copyOf(serials), number, modified, size);
      }
      problem = "its CRL number " + number + " is older than the " + in.number() + " in use";
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      problem = e.getMessage();
    }
    if (in == null) {
      return null;
    }
    LOG.log(Level.WARNING, "member " + member + ": cannot take " + file + " (" + problem + "); kept the list in use");
    return new Snapshot(in.serials(), in.number(), modified, size);
  }
}
