/** The driver's handle on a group of cooperative cache peers (tests and the CLI). */
package org.bloomchord.routing.cache.cluster;
