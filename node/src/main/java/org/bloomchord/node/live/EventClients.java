package org.bloomchord.node.live;

import io.vertx.core.http.HttpServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The open server-sent event streams of one route: at most a fixed number of clients, each frame
 * written to every client that still reads (a client whose write queue is full is skipped rather
 * than buffered without bound), and the bytes written counted. The node's {@code /api/events} and
 * the live view's stream both keep their clients here.
 */
public final class EventClients {

  private final int max;
  private final Set<HttpServerResponse> clients = ConcurrentHashMap.newKeySet();
  private final AtomicLong bytes = new AtomicLong();

  /** Clients of a route that admits at most {@code max} streams at once. */
  public EventClients(int max) {
    this.max = max;
  }

  /**
   * Opens {@code response} as an event stream and keeps it until it closes; false when {@code max}
   * streams are open already (the caller answers 503).
   */
  public boolean open(HttpServerResponse response) {
    if (clients.size() >= max) {
      return false;
    }
    response.setChunked(true).putHeader("content-type", "text/event-stream").putHeader("cache-control", "no-cache");
    write(response, ": connected\n\n");
    clients.add(response);
    response.closeHandler(v -> clients.remove(response));
    return true;
  }

  /** Sends one event with a JSON payload to every client that reads. */
  public void broadcast(String event, String json) {
    String frame = "event: " + event + "\ndata: " + json + "\n\n";
    for (HttpServerResponse r : clients) {
      if (r.closed() || r.ended()) {
        clients.remove(r);
      } else if (!r.writeQueueFull()) {
        write(r, frame);
      }
    }
  }

  private void write(HttpServerResponse r, String frame) {
    bytes.addAndGet(frame.getBytes(StandardCharsets.UTF_8).length);
    r.write(frame);
  }

  /** Whether no stream is open. */
  public boolean isEmpty() {
    return clients.isEmpty();
  }

  /** Streams open now. */
  public int size() {
    return clients.size();
  }

  /** Bytes written to the streams so far. */
  public long bytes() {
    return bytes.get();
  }

  /** Ends every stream. */
  public void closeAll() {
    for (HttpServerResponse r : clients) {
      if (!r.ended()) {
        r.end();
      }
    }
    clients.clear();
  }
}
