package org.bloomchord.overlay;

/**
 * A launched peer as the driver holds it. The protocol object must only be touched on the peer's
 * thread, through {@link Network#call} or {@link Network#inspect}.
 *
 * @param ref the peer's identity
 * @param protocol the peer's protocol state
 * @param <P> the protocol type
 */
public record PeerHandle<P extends PeerProtocol>(PeerRef ref, P protocol) {
}
