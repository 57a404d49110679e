package org.bloomchord.routing.similar;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.bloomchord.overlay.MalformedMessageException;
import org.bloomchord.overlay.wire.WireReader;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.minhash.MinHashSketch;

/**
 * The value stored under an LSH band key (and, with one entry, under a document's id): a list of
 * (document id, MinHash signature), in a compact binary form carried as Base64 text because the
 * DHT stores strings. Binary form: a format byte ({@value #FORMAT}), a varint count, then per entry
 * the id (varint length, UTF-8) and the sketch (varint k, seed, k components).
 *
 * <p>Decoding is bounded: at most {@link #MAX_ENTRIES} entries, ids of at most {@link #MAX_ID_BYTES}
 * bytes, sketches of at most {@link MinHashSketch#MAX_HASHES} components; anything else, or bytes
 * left over, is a {@link MalformedMessageException}, so a hostile value read from the ring is
 * refused (and counted by the caller) rather than trusted.
 *
 * @param entries the documents in the bucket, in publication order, ids distinct
 */
public record SignatureBucket(List<Entry> entries) {

  /** Most documents in one bucket: a bucket that is full refuses further documents. */
  public static final int MAX_ENTRIES = 48;
  /** Longest document id, in UTF-8 bytes. */
  public static final int MAX_ID_BYTES = 256;
  /** Format byte of the binary form. */
  public static final int FORMAT = 1;

  /** One document of a bucket. */
  public record Entry(String id, MinHashSketch sketch) {
  }

  public SignatureBucket {
    entries = List.copyOf(entries);
  }

  /** The empty bucket. */
  public static SignatureBucket empty() {
    return new SignatureBucket(List.of());
  }

  /** This bucket with {@code id} added (or its signature replaced when present). */
  public SignatureBucket with(String id, MinHashSketch sketch) {
    List<Entry> out = new ArrayList<>(entries.size() + 1);
    for (Entry e : entries) {
      if (!e.id().equals(id)) {
        out.add(e);
      }
    }
    out.add(new Entry(id, sketch));
    return new SignatureBucket(out);
  }

  /** Whether {@code id} could be added without going over {@link #MAX_ENTRIES}. */
  public boolean hasRoomFor(String id) {
    return entries.size() < MAX_ENTRIES || entries.stream().anyMatch(e -> e.id().equals(id));
  }

  /** The Base64 text of the binary form. */
  public String encode() {
    WireWriter out = new WireWriter(16 + entries.size() * 1100);
    out.writeByte(FORMAT).writeVarInt(entries.size());
    for (Entry e : entries) {
      out.writeString(e.id());
      e.sketch().writeTo(out);
    }
    return Base64.getEncoder().withoutPadding().encodeToString(out.toByteArray());
  }

  /**
   * Decodes a stored value; null or empty text is the empty bucket.
   *
   * @throws MalformedMessageException on anything that is not a well-formed bucket within the bounds
   */
  public static SignatureBucket decode(String text) {
    if (text == null || text.isEmpty()) {
      return empty();
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      throw new MalformedMessageException("signature bucket is not Base64");
    }
    WireReader in = new WireReader(bytes);
    if (in.remaining() < 1 || in.readByte() != FORMAT) {
      throw new MalformedMessageException("signature bucket of an unknown format");
    }
    int n = in.readVarInt(MAX_ENTRIES);
    List<Entry> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String id = in.readString(MAX_ID_BYTES);
      MinHashSketch sketch = MinHashSketch.readFrom(in);
      for (Entry e : out) {
        if (e.id().equals(id)) {
          throw new MalformedMessageException("signature bucket names document '" + id + "' twice");
        }
      }
      out.add(new Entry(id, sketch));
    }
    in.expectEnd();
    return new SignatureBucket(out);
  }
}
