/**
 * Published-against-measured tables in markdown, written from runs' {@code summaries.json} (or
 * from figures recorded from earlier runs) and the reproductions' published values, and placed
 * between markers in the documentation, so that no number in those tables is copied by hand.
 */
package org.bloomchord.experiments.report.tables;
