package org.bloomchord.experiments.scenario;

/**
 * A scenario that cannot be used: a YAML syntax error, an unknown key, a bad value, a bad
 * {@code --set} override. The message is one line naming the place and the mistake, e.g.
 * {@code quickstart.yaml:7:5: unknown key 'sucessors' in chord (expected one of: idBits, ...)}.
 * The CLI prints it as it is and exits with code 2; no stack trace is recorded.
 */
public final class ScenarioException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** An error at {@code where}. */
  public ScenarioException(Position where, String message) {
    super(where + ": " + message, null, false, false);
  }
}
