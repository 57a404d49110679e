package org.bloomchord.overlay.echo;

import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;

/**
 * Codecs of the echo messages. Encoding accepts any text but decoding refuses texts longer than
 * {@link #MAX_TEXT_BYTES}, which lets tests produce frames that fail to decode at the receiver.
 */
public final class EchoWire {

  /** Longest text a decoder accepts. */
  public static final int MAX_TEXT_BYTES = 64;

  private EchoWire() {
  }

  /** A registry with Ping = 1, Pong = 2, Note = 3. */
  public static WireRegistry registry() {
    return new WireRegistry()
        .register(1, new WireCodec<Ping>() {
          @Override
          public Class<Ping> type() {
            return Ping.class;
          }

          @Override
          public void encode(Ping m, WireWriter out) {
            out.writeVarLong(m.seq()).writeString(m.text());
          }

          @Override
          public Ping decode(WireReader in) {
            return new Ping(in.readVarLong(), in.readString(MAX_TEXT_BYTES));
          }
        })
        .register(2, new WireCodec<Pong>() {
          @Override
          public Class<Pong> type() {
            return Pong.class;
          }

          @Override
          public void encode(Pong m, WireWriter out) {
            out.writeVarLong(m.seq()).writeString(m.text());
          }

          @Override
          public Pong decode(WireReader in) {
            return new Pong(in.readVarLong(), in.readString(MAX_TEXT_BYTES));
          }
        })
        .register(3, new WireCodec<Note>() {
          @Override
          public Class<Note> type() {
            return Note.class;
          }

          @Override
          public void encode(Note m, WireWriter out) {
            out.writeString(m.text());
          }

          @Override
          public Note decode(WireReader in) {
            return new Note(in.readString(MAX_TEXT_BYTES));
          }
        });
  }
}
