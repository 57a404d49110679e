package org.bloomchord.overlay.echo;

import org.bloomchord.overlay.Message;

/** A one-way message the echo peer logs. */
public record Note(String text) implements Message {
}
