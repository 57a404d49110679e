package org.bloomchord.overlay;

/** A request got no reply within its timeout; the peer may be gone or slow. */
public class RequestTimeoutException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final PeerRef peer;

  public RequestTimeoutException(PeerRef peer, long timeoutMs) {
    super("no reply from " + peer + " within " + timeoutMs + " ms", null, false, false);
    this.peer = peer;
  }

  /** The peer that did not answer. */
  public PeerRef peer() {
    return peer;
  }
}
