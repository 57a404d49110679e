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
 * ({@link RingAuthority} describes the layout). {@code init} creates it; {@code request NAME} on a
 * member's host makes its key and a certificate request there, and {@code sign NAME} on the
 * authority's host certifies the request (the key never leaves the member's host); {@code issue
 * NAME} makes key and certificate at once for a member on the authority's host; {@code revoke
 * NAME} adds the member to the signed revocation list; {@code list} shows every certificate and
 * whether it is revoked. Changes take the directory's lock, so that commands run at once from
 * several terminals lose nothing. Nodes run with {@code --ca DIR --member NAME}. Any mistake is
 * one line and exit code 2.
 */
@Command(
    name = "ca",
    mixinStandardHelpOptions = true,
    description = {
        "The ring's certificate authority: members admitted one by one with their own certificates, removed one by"
            + " one by a signed revocation list.",
        "On a member's host, 'ca request NAME --dir DIR' makes its key and members/NAME.csr; the authority's 'ca sign"
            + " NAME --request FILE' certifies it; copy ca.crt, crl.pem and members/NAME.crt back into the member's DIR"
            + " and run the node with --ca DIR --member NAME. 'ca issue' makes key and certificate on the authority's"
            + " host, for members that run there. Copy crl.pem to every host after each revoke."},
    subcommands = {CaCommand.Init.class, CaCommand.Request.class, CaCommand.Sign.class, CaCommand.Issue.class,
        CaCommand.Revoke.class, CaCommand.ListMembers.class})
public final class CaCommand implements Runnable {

  /** The directory used when --dir is not given. */
  static final String DEFAULT_DIR = "bloomchord-ca";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: init, request, sign, issue, revoke or list");
  }

  /** Runs an authority operation, turning its refusals and file errors into one usage line. */
  private static <T> T attempt(String what, Supplier<T> operation) {
    try {
      return operation.get();
    } catch (IllegalArgumentException e) {
      throw new UsageException(what + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw new UsageException(what + ": " + ioProblem(e.getCause()));
    }
  }

  /** An I/O failure in words: the file and what is wrong with it, not the exception's class. */
  private static String ioProblem(java.io.IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return "no such file " + n.getFile();
    }
    if (e instanceof java.nio.file.AccessDeniedException a) {
      return "permission denied on " + a.getFile();
    }
    if (e instanceof java.nio.file.FileAlreadyExistsException f) {
      return f.getFile() + " exists already";
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
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
      out.println("next: bloomchord ca sign NAME --dir " + dir + " --request NAME.csr (a request made by 'ca request'"
          + " on the member's host), or bloomchord ca issue NAME --dir " + dir + " (a member on this host)");
      out.flush();
      return 0;
    }
  }

  /** {@code ca request NAME}: on the member's host, its key and a certificate request. */
  @Command(name = "request", mixinStandardHelpOptions = true,
      description = "On member NAME's host: make its key (DIR/members/NAME.key, owner-only; it stays here) and a"
          + " certificate request (DIR/members/NAME.csr) to give the authority for 'ca sign'.")
  static final class Request implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The member's name: a lower-case DNS label (a-z, 0-9, '-').")
    String member;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = "bloomchord-member",
        description = "The member's directory, which its node runs with as --ca DIR (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Override
    public Integer call() {
      Path csr = attempt("ca request " + member + " --dir " + dir, () -> RingAuthority.request(dir, member));
      PrintWriter out = spec.commandLine().getOut();
      out.println("key " + dir.resolve("members").resolve(member + ".key") + " (owner-only; it stays on this host)");
      out.println("request " + csr + ": on the authority's host run bloomchord ca sign " + member
          + " --dir CADIR --request " + csr.getFileName() + ", then copy CADIR/ca.crt, CADIR/crl.pem and"
          + " CADIR/members/" + member + ".crt into " + dir);
      out.flush();
      return 0;
    }
  }

  /** {@code ca sign NAME --request FILE}: the authority certifies a member's request. */
  @Command(name = "sign", mixinStandardHelpOptions = true,
      description = "Issue member NAME a certificate (members/NAME.crt) for the key of its request FILE, made by"
          + " 'ca request' on its host: the authority never sees the key. The request must name NAME and be signed"
          + " by its key.")
  static final class Sign implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "The member's name, as its request gives it.")
    String member;

    @Option(names = "--dir", paramLabel = "CADIR", defaultValue = DEFAULT_DIR,
        description = "Directory of the authority (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--request", required = true, paramLabel = "FILE",
        description = "The member's certificate request (NAME.csr, PEM).")
    Path request;

    @Option(names = "--days", paramLabel = "D", defaultValue = "365",
        description = "Validity in days, at most the authority's own (default: ${DEFAULT-VALUE}).")
    int days;

    @Override
    public Integer call() {
      Duration validity = days(days, "--days");
      String what = "ca sign " + member + " --dir " + dir + " --request " + request;
      RingAuthority ca = attempt(what, () -> RingAuthority.open(dir));
      X509Certificate c = attempt(what, () -> ca.sign(member, request, validity));
      PrintWriter out = spec.commandLine().getOut();
      out.println("signed " + member + ": " + describe(c));
      out.println("copy " + dir.resolve("ca.crt") + ", " + dir.resolve("crl.pem") + " and "
          + dir.resolve("members").resolve(member + ".crt") + " into the member's directory (members/ for the .crt)");
      out.flush();
      return 0;
    }
  }

  /** {@code ca issue NAME}: a member's key and certificate. */
  @Command(name = "issue", mixinStandardHelpOptions = true,
      description = "Issue member NAME a new key (members/NAME.key, owner-only) and certificate (members/NAME.crt)"
          + " naming it in its subject and subject alternative name, both on this host: for members that run"
          + " here (elsewhere, 'ca request' on the member's host and 'ca sign' here).")
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
