/**
 * Command-line benchmarks of reconciliation: rateless decoding and replica-repair rounds.
 */
package org.bloomchord.routing.bench;
