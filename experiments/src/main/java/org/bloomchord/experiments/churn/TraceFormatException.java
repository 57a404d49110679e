package org.bloomchord.experiments.churn;

/**
 * A churn trace that cannot be read or replayed. The message is one line naming the file and line:
 * {@code trace.csv:17: peer 7 is not alive at 12.5 s}. The CLI prints it and exits with code 2.
 */
public final class TraceFormatException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** An error with the whole of {@code source} (it cannot be read). */
  public TraceFormatException(String source, String message) {
    super(source + ": " + message);
  }

  /** An error at {@code line} of {@code source}. */
  public TraceFormatException(String source, int line, String message) {
    super(source + ":" + line + ": " + message);
  }
}
