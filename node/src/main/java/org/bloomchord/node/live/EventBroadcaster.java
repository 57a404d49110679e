package org.bloomchord.node.live;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The server-sent event streams of one route, and the one place their frames are written: at most
 * a fixed number of clients, each frame written to every client that still reads (a client whose
 * write queue is full is skipped rather than buffered without bound), the bytes written counted,
 * and once a second an {@code event: stats} with the rates the charts draw
 * ({@link LiveSource.Stats#ratesSince}, plus what the route adds). The node's {@code /api/events}
 * and the live view's stream both broadcast through one of these.
 */
public final class EventBroadcaster {

  /** Period of the {@code stats} event. */
  public static final long STATS_PERIOD_MS = 1000;

  private final Vertx vertx;
  private final int max;
  private final Set<HttpServerResponse> clients = ConcurrentHashMap.newKeySet();
  private final AtomicLong bytes = new AtomicLong();
  private final Supplier<LiveSource.Stats> counters;
  private final UnaryOperator<JsonObject> more;
  private final long statsTimer;
  private LiveSource.Stats last;
  private long lastAt = System.currentTimeMillis();

  /**
   * A broadcaster that admits at most {@code max} streams at once and every second sends the rates
   * of {@code counters} since the second before, with the fields {@code more} adds to them.
   */
  public EventBroadcaster(Vertx vertx, int max, Supplier<LiveSource.Stats> counters, UnaryOperator<JsonObject> more) {
    this.vertx = vertx;
    this.max = max;
    this.counters = counters;
    this.more = more;
    this.last = counters.get();
    this.statsTimer = vertx.setPeriodic(STATS_PERIOD_MS, id -> tick());
  }

  private void tick() {
    LiveSource.Stats s = counters.get();
    long now = System.currentTimeMillis();
    double secs = Math.max(0.001, (now - lastAt) / 1000.0);
    JsonObject stats = more.apply(s.ratesSince(last, secs, now));
    last = s;
    lastAt = now;
    broadcast("stats", stats);
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
  public void broadcast(String event, JsonObject data) {
    if (clients.isEmpty()) {
      return;
    }
    String frame = "event: " + event + "\ndata: " + data.encode() + "\n\n";
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

  /** Streams open now. */
  public int size() {
    return clients.size();
  }

  /** Bytes written to the streams so far. */
  public long bytes() {
    return bytes.get();
  }

  /** Stops the stats and ends every stream. */
  public void close() {
    vertx.cancelTimer(statsTimer);
    for (HttpServerResponse r : clients) {
      if (!r.ended()) {
        r.end();
      }
    }
    clients.clear();
  }
}
