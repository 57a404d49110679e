/**
 * The live view of a scenario run ({@code bloomchord run --live PORT}): {@link
 * org.bloomchord.experiments.live.RunLiveSource} shows the node module's live page the run's peers,
 * its lookups and locates as they complete, and its counters, and turns the page's buttons into the
 * run's own membership changes.
 */
package org.bloomchord.experiments.live;
