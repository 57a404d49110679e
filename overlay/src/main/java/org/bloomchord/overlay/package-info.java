/**
 * How peers run: the runtime interface protocol code is written against ({@link
 * org.bloomchord.overlay.PeerRuntime}, {@link org.bloomchord.overlay.PeerProtocol}) and the driver
 * side ({@link org.bloomchord.overlay.Network}); knows nothing of Chord or Bloom filters.
 */
package org.bloomchord.overlay;
