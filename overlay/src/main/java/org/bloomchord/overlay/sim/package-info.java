/**
 * The deterministic simulator: one thread, a virtual clock, a timing wheel in front of an event
 * heap, latency models and message loss; every message is encoded, counted and decoded.
 */
package org.bloomchord.overlay.sim;
