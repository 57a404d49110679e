package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.bloomchord.overlay.admission.RingAuthority;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bloomchord ca}: the ring's certificate authority, kept in one directory
 * ({@link RingAuthority} describes the layout). {@code init} creates it, {@code issue NAME} gives a
 * member its key and certificate, {@code revoke NAME} adds the member to the signed revocation list,
 * {@code list} shows every certificate and whether it is revoked. Nodes run with
 * {@code --ca DIR --member NAME}. Any mistake is one line and exit code 2.
 */
@Command(
    name = "ca",
    mixinStandardHelpOptions = true,
    description = {
        "The ring's certificate authority: members admitted one by one with their own certificates, removed one by"
            + " one by a signed revocation list.",
        "Run nodes with --ca DIR --member NAME; give each member host a copy of DIR without ca.key (ca.crt, crl.pem,"
            + " members/NAME.crt and members/NAME.key), and copy crl.pem to every host after each revoke."},
    subcommands = {CaCommand.Init.class, CaCommand.Issue.class, CaCommand.Revoke.class, CaCommand.ListMembers.class})
public final class CaCommand implements Runnable {

  /** The directory used when --dir is not given. */
  static final String DEFAULT_DIR = "bloomchord-ca";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: init, issue, revoke or list");
  }

  /** Runs an authority operation, turning its refusals and file errors into one usage line. */
  private static <T> T attempt(String what, Supplier<T> operation) {
    try {
      return operation.get();
    } catch (IllegalArgumentException e) {
      throw new UsageException(what + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new UsageException(what + ": " + e.getCause());
    }
  }

  private static Duration days(int days, String flag) {
    if (days < 1 || days > 36_500) {
      throw new UsageException(flag + " must be in 1..36500, got " + days);
    }
    return Duration.ofDays(days);
  }

  private static String describe(X509Certificate c) {
    return c.getSubjectX500Principal().getName() + ", serial " + c.getSerialNumber().toString(16) + ", valid until "
        + c.getNotAfter().toInstant();
  }

  /** {@code ca init}: a new authority. */
  @Command(name = "init", mixinStandardHelpOptions = true,
      description = "Create the authority in DIR: its key (ca.key, owner-only), its self-signed certificate (ca.crt)"
          + " and an empty revocation list (crl.pem).")
  static final class Init implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = DEFAULT_DIR,
        description = "Directory of the authority, created owner-only (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--name", paramLabel = "RING", defaultValue = "bloomchord ring authority",
        description = "The authority's common name (default: ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--days", paramLabel = "D", defaultValue = "3650",
        description = "Validity of the authority's certificate in days (default: ${DEFAULT-VALUE}).")
    int days;

    @Override
    public Integer call() {
      Duration validity = days(days, "--days");
      if (name.isBlank() || name.length() > 64) {
        throw new UsageException("--name must be 1..64 characters");
      }
      RingAuthority ca = attempt("ca init --dir " + dir, () -> RingAuthority.init(dir, name, validity));
      PrintWriter out = spec.commandLine().getOut();
      out.println("ring authority in " + dir + ": " + describe(ca.certificate()));
      out.println("next: bloomchord ca issue NAME --dir " + dir);
      out.flush();
      return 0;
    }
  }

  /** {@code ca issue NAME}: a member's key and certificate. */
  @Command(name = "issue", mixinStandardHelpOptions = true,
      description = "Issue member NAME a new key (members/NAME.key, owner-only) and certificate (members/NAME.crt)"
          + " naming it in its subject and subject alternative name.")
  static final class Issue implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The member's name: a lower-case DNS label (a-z, 0-9, '-').")
    String member;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = DEFAULT_DIR,
        description = "Directory of the authority (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--days", paramLabel = "D", defaultValue = "365",
        description = "Validity in days, at most the authority's own (default: ${DEFAULT-VALUE}).")
    int days;

    @Override
    public Integer call() {
      Duration validity = days(days, "--days");
      String what = "ca issue " + member + " --dir " + dir;
      RingAuthority ca = attempt(what, () -> RingAuthority.open(dir));
      X509Certificate c = attempt(what, () -> ca.issue(member, validity));
      PrintWriter out = spec.commandLine().getOut();
      out.println("issued " + member + ": " + describe(c));
      out.println("files: " + dir.resolve("members").resolve(member + ".crt") + ", "
          + dir.resolve("members").resolve(member + ".key") + " (give the key to that member only)");
      out.flush();
      return 0;
    }
  }

  /** {@code ca revoke NAME}: the member onto the revocation list. */
  @Command(name = "revoke", mixinStandardHelpOptions = true,
      description = "Revoke member NAME: a new crl.pem, signed, listing its certificate. Copy crl.pem to every member"
          + " host: nodes reload it within a second of the file changing and close the member's open connections.")
  static final class Revoke implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The member to revoke.")
    String member;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = DEFAULT_DIR,
        description = "Directory of the authority (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Override
    public Integer call() {
      String what = "ca revoke " + member + " --dir " + dir;
      RingAuthority ca = attempt(what, () -> RingAuthority.open(dir));
      BigInteger serial = attempt(what, () -> ca.revoke(member));
      long revoked = ca.list().stream().filter(RingAuthority.Member::revoked).count();
      PrintWriter out = spec.commandLine().getOut();
      out.println("revoked " + member + " (serial " + serial.toString(16) + "); " + dir.resolve("crl.pem") + " lists "
          + revoked + " certificate" + (revoked == 1 ? "" : "s") + ": copy it to every member host");
      out.flush();
      return 0;
    }
  }

  /** {@code ca list}: every certificate of the directory. */
  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "List the certificates in DIR (the authority's or a member host's copy): name, serial, expiry,"
          + " status (valid, revoked, expired).")
  static final class ListMembers implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = DEFAULT_DIR,
        description = "Directory of the authority (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Override
    public Integer call() {
      String what = "ca list --dir " + dir;
      // no key needed: a member host's copy of the directory can be listed too
      List<RingAuthority.Member> members = attempt(what, () -> RingAuthority.list(dir));
      PrintWriter out = spec.commandLine().getOut();
      out.printf(Locale.ROOT, "%-24s %-32s %-20s %s%n", "member", "serial", "not after", "status");
      java.time.Instant now = java.time.Instant.now();
      for (RingAuthority.Member m : members) {
        String status = m.revoked() ? "revoked" : m.notAfter().isBefore(now) ? "expired" : "valid";
        out.printf(Locale.ROOT, "%-24s %-32s %-20s %s%n", m.name(), m.serial().toString(16),
            m.notAfter().toString().substring(0, 19), status);
      }
      out.flush();
      return 0;
    }
  }
}
