package org.bloomchord.overlay.admission;

import java.util.Locale;

/** Why a member's event bus refused a peer's certificate, or closed a connection it had admitted. */
public enum Refusal {
  /** The certificate is on the ring authority's revocation list. */
  REVOKED,
  /** The certificate was not signed by the ring authority (another authority, or self-signed). */
  UNKNOWN_AUTHORITY,
  /** The certificate is outside its validity dates. */
  EXPIRED,
  /** Signed by the ring authority but unfit otherwise (usage, form, an empty chain). */
  INVALID;

  /** The lower-case label used in metrics and logs: "revoked", "unknown_authority", ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
