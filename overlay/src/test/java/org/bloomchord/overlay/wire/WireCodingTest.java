package org.bloomchord.overlay.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.echo.Note;
import org.bloomchord.overlay.echo.Ping;
import org.junit.jupiter.api.Test;

/** Round trips of every field kind, and rejection of truncated, overlong and trailing input. */
class WireCodingTest {

  @Test
  void aStringIsWrittenAsItsUtf8BytesWhetherAsciiOrNot() {
    for (String s : new String[] {"", "p7", "peer-123@node-2", "x".repeat(200), "p\u007f", "p\u0080", "pär",
        "\u20ac", "a\uD83D\uDE00b"}) {
      byte[] written = new WireWriter(1).writeString(s).toByteArray();
      byte[] expected = new WireWriter(1).writeBytes(s.getBytes(StandardCharsets.UTF_8)).toByteArray();
      assertArrayEquals(expected, written, s);
      assertEquals(s, new WireReader(written).readString(1_000));
    }
  }

  @Test
  void everyFieldKindRoundTrips() {
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 200; i++) {
      long l = r.nextLong();
      long var = r.nextLong() >>> r.nextInt(64);
      int n = r.nextInt();
      long[] words = r.longs(r.nextInt(5)).toArray();
      byte[] bytes = new byte[r.nextInt(40)];
      r.nextBytes(bytes);
      String s = "näme-" + i + "-\u20ac";
      byte[] frame = new WireWriter(1).writeByte(200).writeBoolean(true).writeInt(n).writeLong(l)
          .writeVarLong(var).writeVarInt(i).writeBytes(bytes).writeLongs(words).writeString(s).toByteArray();
      WireReader in = new WireReader(frame);
      assertEquals(200, in.readByte());
      assertTrue(in.readBoolean());
      assertEquals(n, in.readInt());
      assertEquals(l, in.readLong());
      assertEquals(var, in.readVarLong());
      assertEquals(i, in.readVarInt(1_000));
      assertArrayEquals(bytes, in.readBytes(40));
      assertArrayEquals(words, in.readLongs(5));
      assertEquals(s, in.readString(100));
      assertEquals(0, in.remaining());
      in.expectEnd();
    }
  }

  @Test
  void varintsUseTheFewestBytes() {
    assertEquals(1, new WireWriter().writeVarLong(127).size());
    assertEquals(2, new WireWriter().writeVarLong(128).size());
    assertEquals(10, new WireWriter().writeVarLong(-1L).size());
    assertEquals(-1L, new WireReader(new WireWriter().writeVarLong(-1L).toByteArray()).readVarLong());
  }

  @Test
  void everyTruncationOfAFrameIsMalformed() {
    byte[] frame = new WireWriter().writeLong(9).writeVarLong(1L << 40).writeString("abcdef")
        .writeLongs(new long[] {1, 2}).toByteArray();
    for (int cut = 0; cut < frame.length; cut++) {
      WireReader in = new WireReader(Arrays.copyOf(frame, cut));
      assertThrows(MalformedMessageException.class, () -> {
        in.readLong();
        in.readVarLong();
        in.readString(10);
        in.readLongs(10);
      }, "cut at " + cut);
    }
  }

  @Test
  void overlongInputIsMalformed() {
    byte[] elevenByteVarint = new byte[11];
    Arrays.fill(elevenByteVarint, (byte) 0x80);
    assertThrows(MalformedMessageException.class, () -> new WireReader(elevenByteVarint).readVarLong());
    byte[] overflowing = {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0x02};
    assertThrows(MalformedMessageException.class, () -> new WireReader(overflowing).readVarLong());
    byte[] longString = new WireWriter().writeString("x".repeat(11)).toByteArray();
    assertThrows(MalformedMessageException.class, () -> new WireReader(longString).readString(10));
    byte[] manyWords = new WireWriter().writeLongs(new long[6]).toByteArray();
    assertThrows(MalformedMessageException.class, () -> new WireReader(manyWords).readLongs(5));
    byte[] hugeCount = new WireWriter().writeVarInt(Integer.MAX_VALUE).toByteArray();
    assertThrows(MalformedMessageException.class, () -> new WireReader(hugeCount).readLongs(Integer.MAX_VALUE));
    assertThrows(MalformedMessageException.class, () -> new WireReader(new byte[] {2}).readBoolean());
    WireReader trailing = new WireReader(new byte[] {1, 2});
    trailing.readByte();
    assertThrows(MalformedMessageException.class, trailing::expectEnd);
  }

  @Test
  void registryFramesRoundTripAndRejectUnknownTagsAndTrailingBytes() {
    WireRegistry registry = EchoWire.registry();
    Ping ping = new Ping(12345, "hello");
    byte[] frame = registry.encode(ping);
    assertEquals(frame.length, registry.sizeOf(ping));
    assertEquals(ping, registry.decode(frame));
    assertEquals(new Note("n"), registry.decode(registry.encode(new Note("n"))));
    assertThrows(MalformedMessageException.class, () -> registry.decode(new byte[] {99}));
    byte[] padded = Arrays.copyOf(frame, frame.length + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(padded));
    assertFalse(registry.knows(org.bloomchord.overlay.Message.class));
    assertThrows(IllegalArgumentException.class, () -> registry.encode(new org.bloomchord.overlay.Message() { }));
  }

  @Test
  void bytesSkippedAreReadInPlaceAndOnlyOnceRead() {
    byte[] frame = new WireWriter().writeString("peer-7").writeString("pär").writeLong(3).toByteArray();
    WireReader in = new WireReader(frame);
    int n = in.skipBytes(255);
    int at = in.position() - n;
    assertEquals("peer-7", in.stringAt(at, n));
    assertTrue(in.asciiEquals(at, n, "peer-7"));
    assertFalse(in.asciiEquals(at, n, "peer-8"));
    assertFalse(in.asciiEquals(at, n, "peer-77"));
    int m = in.skipBytes(255);
    int at2 = in.position() - m;
    assertFalse(in.asciiEquals(at2, m, "pär"), "beyond ASCII the caller decodes");
    assertEquals("pär", in.stringAt(at2, m));
    assertThrows(IllegalArgumentException.class, () -> in.stringAt(at2, m + 1), "not read yet");
    assertEquals(3, in.readLong());
    in.expectEnd();
    assertThrows(MalformedMessageException.class, () -> new WireReader(new byte[] {5, 'a'}).skipBytes(255));
  }
}
