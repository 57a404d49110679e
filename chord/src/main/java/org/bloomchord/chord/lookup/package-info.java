/**
 * Routing of lookups: {@link org.bloomchord.chord.lookup.LookupEngine} runs a peer's own lookups
 * (recursive with a hedged second attempt, or iterative) and routes others' as a hop; every hop
 * and iterative step takes its decision in {@code Router} (owner, final step to the candidate
 * successor, hand-back, or the closest preceding finger), so the key's owner answers. Also what a
 * lookup returns: its result, outcome and mode.
 */
package org.bloomchord.chord.lookup;
