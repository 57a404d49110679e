/**
 * The wire fuzzer behind {@code bloomchord fuzz}: well-formed frames of every registered message
 * type ({@code FrameCorpus}), mutated into hostile ones ({@code FrameMutator}), decoded as a peer
 * decodes them and classified, with the bytes each decode allocates ({@code WireFuzzer}); the
 * outcome ({@code FuzzReport}) becomes the command's summary.
 */
package org.bloomchord.experiments.fuzz;
