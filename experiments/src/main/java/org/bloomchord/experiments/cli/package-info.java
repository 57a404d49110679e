/**
 * The {@code bloomchord} command line (picocli): one class per command; bad input exits with code 2
 * and one line naming what and where.
 */
package org.bloomchord.experiments.cli;
