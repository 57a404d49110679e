/**
 * The Vert.x runtime, the only place that imports Vert.x runtime classes: one verticle per peer,
 * messages through one codec, and the clustered mode on Hazelcast with one gateway address per JVM
 * and TLS admission by a shared secret ({@code EventBusTls}) or by member certificates
 * ({@code MemberTls}, over {@link org.bloomchord.overlay.admission}).
 */
package org.bloomchord.overlay.vertx;
