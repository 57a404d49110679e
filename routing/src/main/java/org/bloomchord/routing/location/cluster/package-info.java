/**
 * Driving location on whole rings: publishing, locating in batches, and the link oracle (a jgrapht
 * graph of the live links) that gives the true distance to the nearest holder.
 */
package org.bloomchord.routing.location.cluster;
