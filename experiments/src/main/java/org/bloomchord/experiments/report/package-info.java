/**
 * The run's figures and report: line charts and bar charts (stacked, or histograms) written as PNG
 * and SVG, the charts of what a run measured ({@link org.bloomchord.experiments.report.RunFigures}),
 * and the self-contained {@code report.html} with the published values next to the measured ones
 * (mean and 95% interval over seeds) and the summary folded by section.
 */
package org.bloomchord.experiments.report;
