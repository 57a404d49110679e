package org.bloomchord.experiments.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.bloomchord.chord.ChordConfig;
import org.bloomchord.chord.ChordExtension;
import org.bloomchord.chord.wire.ChordWire;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.overlay.wire.WireRegistry;
import org.bloomchord.routing.heavy.HotKeyOptions;
import org.bloomchord.routing.heavy.HotKeyRelief;
import org.bloomchord.routing.heavy.HotKeyWire;
import org.bloomchord.routing.location.LocationConfig;
import org.bloomchord.routing.location.LocationService;
import org.bloomchord.routing.location.LocationWire;
import org.bloomchord.routing.repair.RepairCluster;
import org.bloomchord.routing.repair.RepairConfig;
import org.bloomchord.routing.repair.RepairMode;

/**
 * What a scenario's honest peer carries besides Chord, in whichever JVM it runs: the wire registry
 * (Chord's codecs, the reconciliation codecs with {@code repair: reconcile}, the location codecs
 * when the location layer runs) and each peer's extensions (its {@link LocationService}, then
 * replica repair). The coordinator and the children of {@code run --jvms} build it from the same
 * settings, so every JVM runs one configuration.
 *
 * @param registry the codecs every peer's network needs
 * @param extensions a new peer's extensions, built afresh for each peer
 */
public record PeerSetup(WireRegistry registry, Function<PeerRef, List<ChordExtension>> extensions) {

  /**
   * The setup of peers configured by {@code chord}, repairing replicas by {@code repair}, with the
   * location layer of {@code location} (none when null).
   */
  public static PeerSetup of(ChordConfig chord, RepairMode repair, LocationConfig location) {
    return of(chord, repair, location, null);
  }

  /**
   * As {@link #of(ChordConfig, RepairMode, LocationConfig)}, every peer also carrying hot-key relief
   * with {@code hotKeys} (none when null) and the registry its codecs.
   */
  public static PeerSetup of(ChordConfig chord, RepairMode repair, LocationConfig location, HotKeyOptions hotKeys) {
    PeerSetup plain = withoutRelief(chord, repair, location);
    if (hotKeys == null) {
      return plain;
    }
    return new PeerSetup(HotKeyWire.register(plain.registry(), chord), ref -> {
      List<ChordExtension> out = new ArrayList<>(plain.extensions().apply(ref));
      out.add(new HotKeyRelief(hotKeys));
      return out;
    });
  }

  private static PeerSetup withoutRelief(ChordConfig chord, RepairMode repair, LocationConfig location) {
    WireRegistry registry = repair == RepairMode.RECONCILE ? RepairCluster.registry(chord) : ChordWire.registry(chord);
    Function<PeerRef, List<ChordExtension>> repairs = RepairCluster.extensions(repair, RepairConfig.defaults());
    LocationWire wire = location == null ? null : new LocationWire(location, chord);
    Function<PeerRef, List<ChordExtension>> extensions = ref -> {
      List<ChordExtension> out = new ArrayList<>();
      if (wire != null) {
        out.add(new LocationService(location, wire));
      }
      out.addAll(repairs.apply(ref));
      return out;
    };
    return new PeerSetup(wire == null ? registry : LocationWire.register(registry, location, chord), extensions);
  }
}
