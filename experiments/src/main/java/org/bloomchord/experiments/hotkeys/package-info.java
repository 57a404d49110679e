/**
 * The hot-key relief experiment: per-peer served load and read correctness under a Zipf workload on
 * the simulator. See docs/architecture/hot-keys.md and docs/experiments/hot-keys.md.
 */
package org.bloomchord.experiments.hotkeys;
