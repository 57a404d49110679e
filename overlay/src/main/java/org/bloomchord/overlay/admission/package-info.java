/**
 * Admission of members to a ring by their own certificates: a ring authority kept in a directory
 * ({@link org.bloomchord.overlay.admission.RingAuthority}: init, request on the member's host and
 * sign on the authority's, issue for one-host set-ups, revoke, list; changes under the
 * directory's file lock), the PKCS#10 request a member sends
 * ({@link org.bloomchord.overlay.admission.CertificateRequest}), the files a member runs with
 * ({@link org.bloomchord.overlay.admission.MemberCredentials}), and the trust a member's event bus
 * applies to its peers ({@link org.bloomchord.overlay.admission.MemberTrust}: chain to the
 * authority, revocation list reloaded when it changes, refusals counted). Also the shared secret
 * of rings admitted without an authority ({@link org.bloomchord.overlay.admission.SharedSecret}:
 * at least 128 bits, PBKDF2 to the cluster name and TLS seed) and the owner-only rule for every
 * file that holds a secret ({@link org.bloomchord.overlay.admission.OwnerOnlyFile}). Plain JDK
 * cryptography; the Vert.x side is {@code overlay.vertx.MemberTls}.
 */
package org.bloomchord.overlay.admission;
