/**
 * Set reconciliation between two peers: Bloom summaries, IBLTs with a strata estimator, and
 * rateless IBLTs; the exchanges and their bounds-checked messages.
 */
package org.bloomchord.routing.reconcile;
