/**
 * Bounded logs: repeated warnings rate-limited with a count ({@link org.bloomchord.overlay.log.LogLimits})
 * and log files capped by size ({@link org.bloomchord.overlay.log.CappedLog}), so that a node or a
 * child JVM under a storm of failures cannot fill a disk.
 */
package org.bloomchord.overlay.log;
