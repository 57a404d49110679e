/**
 * Rings over several JVMs on one machine: child JVMs driven over their standard streams, their
 * snapshots, and the multi-JVM ring trial of {@code ring --jvms}.
 */
package org.bloomchord.experiments.jvm;
