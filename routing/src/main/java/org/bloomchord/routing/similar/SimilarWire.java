package org.bloomchord.routing.similar;

import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireCodec;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.minhash.MinHashSketch;
import org.bloomchord.routing.similar.BucketMessages.Append;
import org.bloomchord.routing.similar.BucketMessages.AppendOutcome;
import org.bloomchord.routing.similar.BucketMessages.AppendReply;

/**
 * Wire codecs of the bucket appends, tags {@value #FIRST_TAG}..{@value #LAST_TAG}. An append is
 * the key (varint length, UTF-8, at most {@value #MAX_KEY_BYTES} bytes), the id (at most
 * {@value SignatureBucket#MAX_ID_BYTES} bytes) and the sketch in its own form (varint k, seed, k
 * components, k at most {@link MinHashSketch#MAX_HASHES}); a reply is one outcome byte. Anything
 * else, or bytes left over, is a {@link MalformedMessageException}.
 */
public final class SimilarWire {

  /** First tag used. */
  public static final int FIRST_TAG = 240;
  /** Last tag of the reserved range. */
  public static final int LAST_TAG = 243;
  /** Longest bucket key, in UTF-8 bytes. */
  public static final int MAX_KEY_BYTES = 256;

  private SimilarWire() {
  }

  /** Registers the append codecs in {@code registry} and returns it. */
  public static WireRegistry register(WireRegistry registry) {
    registry.register(FIRST_TAG, WireCodec.of(Append.class, (m, out) -> {
      out.writeString(m.key());
      out.writeString(m.id());
      m.sketch().writeTo(out);
    }, in -> new Append(in.readString(MAX_KEY_BYTES), in.readString(SignatureBucket.MAX_ID_BYTES),
        MinHashSketch.readFrom(in))));
    registry.register(FIRST_TAG + 1, WireCodec.of(AppendReply.class,
        (m, out) -> out.writeByte(m.outcome().ordinal()), in -> {
          int o = in.readByte();
          if (o < 0 || o >= AppendOutcome.values().length) {
            throw new MalformedMessageException("unknown append outcome " + o);
          }
          return new AppendReply(AppendOutcome.values()[o]);
        }));
    return registry;
  }
}
