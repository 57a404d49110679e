package org.bloomchord.overlay.vertx.cluster;

import java.io.EOFException;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.SocketTimeoutException;
import java.security.cert.CertificateException;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.bloomchord.overlay.admission.MemberTrust;
import org.bloomchord.overlay.admission.Refusal;

/**
 * Counts the connections refused at the cluster port, by {@link Refusal}. In the member-certificate
 * mode the counts are the member's trust's own ({@link MemberTrust#refused}), so one set of
 * counters (the node's {@code /metrics}) covers the event bus and the cluster plane; in the
 * shared-secret mode they are kept here, and logged at most once per reason per
 * {@link MemberTrust#LOG_EVERY_MS}.
 */
final class PlaneRefusals {

  private static final Logger LOG = System.getLogger(PlaneRefusals.class.getName());

  private final MemberTrust trust;
  private final Map<Refusal, LongAdder> own = new EnumMap<>(Refusal.class);
  private final Map<Refusal, Long> lastLogged = new EnumMap<>(Refusal.class);

  PlaneRefusals(MemberTrust trust) {
    this.trust = trust;
    for (Refusal r : Refusal.values()) {
      own.put(r, new LongAdder());
    }
  }

  /** Counts a refusal of the peer {@code from} (an address or a certificate subject). */
  void count(Refusal why, String from) {
    if (trust != null) {
      trust.refused(why, from);
      return;
    }
    own.get(why).increment();
    long now = System.currentTimeMillis();
    synchronized (lastLogged) {
      Long last = lastLogged.get(why);
      if (last != null && now - last < MemberTrust.LOG_EVERY_MS) {
        return;
      }
      lastLogged.put(why, now);
    }
    LOG.log(Level.WARNING, "cluster plane: connection refused for " + from + ": " + why.label());
  }

  /**
   * Counts a handshake at the cluster port that failed with {@code failure}. A certificate the
   * member's trust manager refused was counted by it already; the rest is told by the failure:
   * no certificate, a peer that broke off after it saw ours (it trusts another authority; JGroups
   * closes a failed client socket with a reset, so the peer's alert is often lost), or no TLS at all.
   */
  void handshakeFailed(IOException failure, String from) {
    if (causedBy(failure, CertificateException.class)) {
      if (trust == null) {
        count(Refusal.UNKNOWN_AUTHORITY, from);
      }
      return;
    }
    Refusal why = classify(failure);
    count(why, why == Refusal.INVALID ? from + " (" + failure.getMessage() + ")" : from);
  }

  /** The refusal a failed server-side handshake stands for. */
  static Refusal classify(IOException failure) {
    String message = String.valueOf(failure.getMessage());
    if (message.contains("Empty client certificate chain") || message.contains("certificate_required")) {
      return Refusal.NO_CERTIFICATE;
    }
    if (message.contains("certificate_unknown") || message.contains("bad_certificate")
        || message.contains("unknown_ca") || message.contains("certificate_revoked")
        || message.contains("Connection reset")) {
      return Refusal.ABORTED;
    }
    if (message.contains("Unsupported or unrecognized SSL message") || message.contains("plaintext")
        || causedBy(failure, SocketTimeoutException.class) || causedBy(failure, EOFException.class)
        || message.contains("Remote host terminated the handshake")) {
      return Refusal.NOT_TLS;
    }
    return Refusal.INVALID;
  }

  /** Refusals so far by reason. */
  Map<Refusal, Long> counts() {
    if (trust != null) {
      return trust.refusals();
    }
    Map<Refusal, Long> out = new EnumMap<>(Refusal.class);
    own.forEach((r, n) -> out.put(r, n.sum()));
    return out;
  }

  private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
