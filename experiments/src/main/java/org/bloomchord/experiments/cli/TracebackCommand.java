package org.bloomchord.experiments.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bloomchord traceback}: on a running node ({@code bloomchord node}), lists the messages a
 * peer received lately (their digests), or traces one of them back to its candidate origins and
 * prints the attack graph (JSON, as the node's {@code /api/traceback} routes answer); or, with
 * {@code --table}, prints the markdown table of the {@code traceback} sections of scenario runs.
 */
@Command(
    name = "traceback",
    mixinStandardHelpOptions = true,
    description = "Trace a message a peer of a running node received back through the ring to its origin.")
public final class TracebackCommand implements Callable<Integer> {

  private static final Pattern PEER = Pattern.compile("[A-Za-z0-9._:-]{1,200}");
  private static final Pattern DIGEST = Pattern.compile("[0-9a-fA-F]{1,16}");

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--node", paramLabel = "URL", defaultValue = "http://127.0.0.1:8080",
      description = "The node's HTTP address (default: ${DEFAULT-VALUE}).")
  String node;

  @Option(names = "--peer", paramLabel = "NAME", description = "The peer that received the message (required without --table).")
  String peer;

  @Option(names = "--table", arity = "1..*", paramLabel = "SUMMARY",
      description = "Print the markdown table of the traceback sections of these runs' summary.json files (or run folders) instead.")
  java.util.List<java.nio.file.Path> table;

  @Option(names = "--digest", paramLabel = "HEX",
      description = "The message's digest (hex), as listed without this option; without it, list what the peer received.")
  String digest;

  @Override
  public Integer call() throws Exception {
    if (table != null) {
      java.util.List<java.nio.file.Path> files = new java.util.ArrayList<>();
      for (java.nio.file.Path p : table) {
        java.nio.file.Path f = java.nio.file.Files.isDirectory(p) ? p.resolve("summary.json") : p;
        if (!java.nio.file.Files.isRegularFile(f)) {
          throw new UsageException("--table: no summary.json at " + p);
        }
        files.add(f);
      }
      try {
        spec.commandLine().getOut().print(org.bloomchord.experiments.summary.TracebackTable.markdown(files));
      } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
        throw new UsageException("--table: " + e.getMessage());
      }
      spec.commandLine().getOut().flush();
      return 0;
    }
    if (peer == null) {
      throw new UsageException("--peer is required (or --table)");
    }
    if (!PEER.matcher(peer).matches()) {
      throw new UsageException("--peer must be a peer name, got '" + peer + "'");
    }
    if (digest != null && !DIGEST.matcher(digest).matches()) {
      throw new UsageException("--digest must be up to 16 hex digits, got '" + digest + "'");
    }
    URI base;
    try {
      base = URI.create(node.endsWith("/") ? node : node + "/");
    } catch (IllegalArgumentException e) {
      throw new UsageException("--node must be a URL like http://127.0.0.1:8080, got '" + node + "'");
    }
    if (base.getScheme() == null || !base.getScheme().startsWith("http")) {
      throw new UsageException("--node must be an http URL, got '" + node + "'");
    }
    URI uri = base.resolve("api/traceback/" + peer + (digest == null ? "" : "/" + digest.toLowerCase()));
    HttpRequest.Builder req = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60));
    req = digest == null ? req.GET() : req.POST(HttpRequest.BodyPublishers.noBody());
    HttpResponse<String> resp = HttpClient.newHttpClient().send(req.build(), HttpResponse.BodyHandlers.ofString());
    PrintWriter out = spec.commandLine().getOut();
    out.println(resp.body());
    out.flush();
    if (resp.statusCode() / 100 != 2) {
      spec.commandLine().getErr().println("traceback: the node answered " + resp.statusCode());
      return 1;
    }
    return 0;
  }
}
