/**
 * Admission of members to a ring by their own certificates: a ring authority kept in a directory
 * ({@link org.bloomchord.overlay.admission.RingAuthority}: init, issue, revoke, list), the files a
 * member runs with ({@link org.bloomchord.overlay.admission.MemberCredentials}), and the trust a
 * member's event bus applies to its peers ({@link org.bloomchord.overlay.admission.MemberTrust}:
 * chain to the authority, revocation list reloaded when it changes, refusals counted). Plain JDK
 * cryptography; the Vert.x side is {@code overlay.vertx.MemberTls}.
 */
package org.bloomchord.overlay.admission;
