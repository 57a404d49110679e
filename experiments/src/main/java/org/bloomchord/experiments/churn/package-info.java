/**
 * Churn models as seeded event streams: session-time distributions, Poisson joins and departures,
 * mass departures and trace replay.
 */
package org.bloomchord.experiments.churn;
