/**
 * The acknowledged-write checker behind {@code bloomchord writes}: a put/delete/get workload on a
 * simulated ring under crash churn and message loss ({@code WriteTrial}), every read judged against
 * the log of acknowledged writes ({@code WriteLog}); the outcome is a summary with a {@code writes}
 * section.
 */
package org.bloomchord.experiments.writes;
