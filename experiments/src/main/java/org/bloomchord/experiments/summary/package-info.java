/**
 * The {@code summary.json} model, whose section and key names are a contract scripts rely on, and
 * its terminal table.
 */
package org.bloomchord.experiments.summary;
