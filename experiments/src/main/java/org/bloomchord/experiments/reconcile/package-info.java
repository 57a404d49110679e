/**
 * The trial behind {@code bloomchord reconcile}: two peers whose sets differ reconcile by each
 * method, checked against the sets.
 */
package org.bloomchord.experiments.reconcile;
