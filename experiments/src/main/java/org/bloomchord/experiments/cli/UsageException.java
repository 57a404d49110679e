package org.bloomchord.experiments.cli;

/**
 * Bad user input found after parsing (a value out of range, a scenario mistake). The CLI prints
 * its message on one line and exits with code 2. The message names what is wrong and where.
 */
public class UsageException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message, null, false, false);
  }
}
