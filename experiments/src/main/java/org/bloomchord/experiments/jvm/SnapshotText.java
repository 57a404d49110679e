package org.bloomchord.experiments.jvm;

import java.util.ArrayList;
import java.util.List;
import org.bloomchord.chord.PeerState;
import org.bloomchord.chord.cluster.PeerSnapshot;
import org.bloomchord.overlay.PeerRef;

/**
 * A {@link PeerSnapshot} as one space-free token, so that a worker JVM can report its peers to the
 * coordinator's oracle on one line:
 * {@code self|state|predecessor|successors|fingers|liveKeys|entries|rejected}, refs as
 * {@code address,idHex} ({@code -} for none), lists separated by {@code ;}. Peer addresses and keys
 * of a multi-JVM ring never contain these separators (the coordinator names both).
 */
final class SnapshotText {

  private SnapshotText() {
  }

  static String encode(PeerSnapshot s) {
    return ref(s.self()) + "|" + s.state() + "|" + ref(s.predecessor()) + "|" + refs(s.successors()) + "|"
        + refs(s.fingers()) + "|" + String.join(";", s.liveKeys()) + "|" + s.entries() + "|" + s.rejected();
  }

  static PeerSnapshot decode(String token) {
    String[] f = token.split("\\|", -1);
    if (f.length != 8) {
      throw new IllegalStateException("bad snapshot token '" + token + "'");
    }
    List<String> keys = f[5].isEmpty() ? List.of() : List.of(f[5].split(";"));
    return new PeerSnapshot(ref(f[0]), PeerState.valueOf(f[1]), ref(f[2]), refs(f[3]), refs(f[4]), keys,
        Integer.parseInt(f[6]), Long.parseLong(f[7]));
  }

  private static String ref(PeerRef r) {
    return r == null ? "-" : r.address() + "," + Long.toHexString(r.id());
  }

  private static PeerRef ref(String s) {
    if (s.equals("-")) {
      return null;
    }
    int comma = s.lastIndexOf(',');
    return new PeerRef(s.substring(0, comma), Long.parseUnsignedLong(s.substring(comma + 1), 16));
  }

  private static String refs(List<PeerRef> refs) {
    List<String> parts = new ArrayList<>(refs.size());
    refs.forEach(r -> parts.add(ref(r)));
    return String.join(";", parts);
  }

  private static List<PeerRef> refs(String s) {
    List<PeerRef> out = new ArrayList<>();
    if (!s.isEmpty()) {
      for (String part : s.split(";", -1)) {
        out.add(ref(part));
      }
    }
    return out;
  }
}
