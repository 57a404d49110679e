/**
 * Workloads: lookups, gets, puts and locates at rates or counts, over uniform or Zipf keys.
 */
package org.bloomchord.experiments.workload;
