package org.bloomchord.experiments.jvm;

/**
 * A child JVM of a multi-JVM run failed: it exited, did not answer in time, or answered with an
 * error. The message is one line that names the child, says why, and gives the path of its capped
 * log, which is kept; the CLI prints it as it is (exit 1), never as an internal error.
 */
public final class ChildJvmException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  ChildJvmException(String message) {
    super(message);
  }

  /** The child JVM failure in {@code t}'s chain of causes, if there is one. */
  public static ChildJvmException in(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ChildJvmException e) {
        return e;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return null;
  }
}
