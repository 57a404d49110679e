package org.bloomchord.overlay.echo;

import org.bloomchord.overlay.Message;

/** The echo peer's reply to a {@link Ping}. */
public record Pong(long seq, String text) implements Message {
}
