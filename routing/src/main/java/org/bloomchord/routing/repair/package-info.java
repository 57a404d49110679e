/**
 * Replica repair by reconciliation: the replicas of a key range reconcile digests of (key, version)
 * pairs and exchange only the entries one of them lacks.
 */
package org.bloomchord.routing.repair;
