/**
 * The Chord protocol of one peer: {@link org.bloomchord.chord.ChordPeer} is the protocol entry
 * point (the handler table, admission of untrusted messages, the extension host behind
 * {@link org.bloomchord.chord.ChordHost}); its collaborators, by role in the sub-packages
 * ({@code lookup}, {@code maintenance}, {@code store}, {@code finger}), share a
 * {@link org.bloomchord.chord.ChordContext} (runtime, configuration, ring, table, requests) instead
 * of the peer. Protocol code only: it reaches the world through
 * {@link org.bloomchord.overlay.PeerRuntime} and never touches Vert.x runtime classes.
 */
package org.bloomchord.chord;
