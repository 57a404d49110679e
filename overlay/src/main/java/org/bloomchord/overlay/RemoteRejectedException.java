package org.bloomchord.overlay;

/** The receiving peer rejected a request as malformed; the reason is its one-line explanation. */
public class RemoteRejectedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public RemoteRejectedException(PeerRef peer, String reason) {
    super(peer + " rejected the request: " + reason, null, false, false);
  }
}
