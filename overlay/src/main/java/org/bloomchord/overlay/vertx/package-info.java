/**
 * The Vert.x runtime, the only place that imports Vert.x runtime classes: one verticle per peer,
 * messages through one codec, and the clustered mode on Hazelcast with one gateway address per JVM
 * and TLS admission by a shared secret.
 */
package org.bloomchord.overlay.vertx;
