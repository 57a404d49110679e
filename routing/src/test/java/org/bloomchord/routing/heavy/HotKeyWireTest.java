package org.bloomchord.routing.heavy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.store.StoredEntry;
import org.bloomchord.chord.store.Version;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGet;
import org.bloomchord.routing.heavy.HotKeyMessages.HotGetReply;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdate;
import org.bloomchord.routing.heavy.HotKeyMessages.HotUpdated;
import org.bloomchord.routing.heavy.HotKeyMessages.ReplicaGet;
import org.junit.jupiter.api.Test;

/** Round trips of the hot-key messages, and frames out of range or cut short rejected. */
class HotKeyWireTest {

  private final WireRegistry registry = HotKeyWire.register(new WireRegistry(), ChordConfig.defaults());

  @Test
  void messagesRoundTrip() {
    StoredEntry e = new StoredEntry("k", new Version(123_456, -42), "value");
    for (var m : new org.bloomchord.overlay.Message[] {new HotGet("k", 7), new HotGet("k", 3, true), new HotGetReply(e, 10_000, true),
        new HotGetReply(null, 0, false), new HotGetReply(new StoredEntry("t", new Version(5, 1), null), 3, false),
        new HotUpdate(e), new HotUpdate(new StoredEntry("t", new Version(5, 1), null)), new HotUpdated(),
        new ReplicaGet("k", new Version(9, 3))}) {
      assertEquals(m, registry.decode(registry.encode(m)));
    }
  }

  @Test
  void outOfRangeAndTruncatedFramesAreRejected() {
    byte[] ok = registry.encode(new HotGetReply(new StoredEntry("k", new Version(1, 2), "v"), 5, false));
    for (int len = 1; len < ok.length; len++) {
      byte[] cut = Arrays.copyOf(ok, len);
      assertThrows(MalformedMessageException.class, () -> registry.decode(cut), "length " + len);
    }
    byte[] update = registry.encode(new HotUpdate(new StoredEntry("k", new Version(1, 2), "v")));
    for (int len = 1; len < update.length; len++) {
      byte[] cut = Arrays.copyOf(update, len);
      assertThrows(MalformedMessageException.class, () -> registry.decode(cut), "update of length " + len);
    }
    byte[] over = new WireWriter().writeVarInt(HotKeyWire.FIRST_TAG + 5).writeString("k")
        .writeVarLong(Version.MAX_COUNTER + 1).writeLong(2).writeBoolean(true).writeString("v").toByteArray();
    assertThrows(MalformedMessageException.class, () -> registry.decode(over), "version counter out of range");
    byte[] retired = new WireWriter().writeVarInt(HotKeyWire.FIRST_TAG + 2).writeString("k").toByteArray();
    assertThrows(MalformedMessageException.class, () -> registry.decode(retired), "the invalidation's tag is retired");
    byte[] tooLong = registry.encode(new HotGetReply(null, HotKeyWire.MAX_LEASE_MS + 1, false));
    assertThrows(MalformedMessageException.class, () -> registry.decode(tooLong));
    byte[] hops = registry.encode(new HotGet("k", HotKeyMessages.MAX_HOPS));
    hops[hops.length - 1] = (byte) (HotKeyMessages.MAX_HOPS + 1);
    assertThrows(MalformedMessageException.class, () -> registry.decode(hops));
  }
}
