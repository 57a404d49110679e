package org.bloomchord.overlay;

/**
 * A message that must not be processed: undecodable bytes, an unexpected type, ids outside the
 * ring, sizes beyond configured bounds, filters of the wrong shape. Runtimes count it and never let
 * it crash a peer.
 */
public class MalformedMessageException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MalformedMessageException(String message) {
    super(message, null, false, false);
  }
}
