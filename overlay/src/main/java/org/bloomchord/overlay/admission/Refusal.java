package org.bloomchord.overlay.admission;

import java.util.Locale;

/**
 * Why a member refused a peer's certificate or connection (on the event bus or the cluster plane), or
 * closed a connection it had admitted.
 */
public enum Refusal {
  /** The certificate is on the ring authority's revocation list. */
  REVOKED,
  /** The certificate was not signed by the ring authority (another authority, or self-signed). */
  UNKNOWN_AUTHORITY,
  /** The certificate is outside its validity dates. */
  EXPIRED,
  /** Signed by the ring authority but unfit otherwise (usage, form, an empty chain). */
  INVALID,
  /** The peer presented no certificate (a TLS client without one). */
  NO_CERTIFICATE,
  /** The peer spoke no TLS at the cluster port, or finished no handshake in time (plain TCP). */
  NOT_TLS,
  /**
   * The peer broke off the handshake after it saw this member's certificate (a reset or an alert
   * about the certificate): it trusts another authority, or has this member on its list.
   */
  ABORTED;

  /** The lower-case label used in metrics and logs: "revoked", "unknown_authority", ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
