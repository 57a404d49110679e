/**
 * The Chord protocol of one peer: {@link org.bloomchord.chord.ChordPeer} is the protocol entry
 * point (handlers, admission of untrusted messages, extension host); {@code LookupEngine} routes
 * lookups, which the key's owner answers itself; {@code Maintenance} joins, stabilizes, fixes
 * fingers and checks the predecessor; {@code Storage} is the replicated store's request side.
 * Protocol code only: it reaches the world through {@link org.bloomchord.overlay.PeerRuntime} and
 * never touches Vert.x runtime classes.
 */
package org.bloomchord.chord;
