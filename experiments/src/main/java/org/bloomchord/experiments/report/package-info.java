/**
 * The run's figures and report: line charts written as PNG and SVG, and the self-contained {@code
 * report.html} with the published values next to the measured ones (mean and 95% interval over
 * seeds).
 */
package org.bloomchord.experiments.report;
