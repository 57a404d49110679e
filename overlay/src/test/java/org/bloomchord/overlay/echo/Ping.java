package org.bloomchord.overlay.echo;

import org.bloomchord.overlay.Message;

/** A request the echo peer answers with a {@link Pong} carrying the same fields. */
public record Ping(long seq, String text) implements Message {
}
