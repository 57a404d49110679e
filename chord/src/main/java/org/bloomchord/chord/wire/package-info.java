/**
 * The Chord messages (records) and their binary encodings under tags 1..63, with the bounds every
 * decoder checks before a message reaches a peer.
 */
package org.bloomchord.chord.wire;
