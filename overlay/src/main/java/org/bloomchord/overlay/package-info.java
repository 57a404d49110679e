/**
 * How peers run: the runtime interface protocol code is written against ({@link
 * org.bloomchord.overlay.PeerRuntime}, {@link org.bloomchord.overlay.PeerProtocol}) and the driver
 * side ({@link org.bloomchord.overlay.Network}, its contract written once in {@link
 * org.bloomchord.overlay.AbstractNetwork}, made by {@link org.bloomchord.overlay.Networks} for a
 * {@link org.bloomchord.overlay.RuntimeKind} with {@link org.bloomchord.overlay.NetworkOptions});
 * knows nothing of Chord or Bloom filters.
 */
package org.bloomchord.overlay;
