/**
 * Reference pages written from the code they describe: the CLI's commands and flags from picocli's
 * model ({@link org.bloomchord.experiments.reference.CliReference}) and the scenario keys from the
 * binder ({@link org.bloomchord.experiments.reference.ScenarioReference}). A page keeps its
 * hand-written prose outside the generated blocks ({@link org.bloomchord.experiments.reference.GeneratedBlocks}),
 * so regenerating it ({@code bloomchord docs}) never loses the prose, and tests compare the pages
 * in docs/reference/ with what the code generates today.
 */
package org.bloomchord.experiments.reference;
