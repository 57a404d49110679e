package org.bloomchord.experiments.cli;

import picocli.CommandLine;

/** Reports the version recorded in the jar manifest. */
final class VersionProvider implements CommandLine.IVersionProvider {

  @Override
  public String[] getVersion() {
    String v = BloomchordCli.class.getPackage().getImplementationVersion();
    return new String[] {"bloomchord " + (v == null ? "development build" : v)};
  }
}
