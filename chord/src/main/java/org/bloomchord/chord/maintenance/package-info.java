/**
 * Ring maintenance of one peer, one task per class: {@code Joiner} (both sides of a join),
 * {@code Stabilizer} (stabilize/notify and recovery after suspicion emptied the successor list),
 * {@code FingerFixer} (fix-fingers, a joiner's seeded fingers, repair of a suspected finger;
 * {@code ProximityRound} is its round with proximity neighbour selection),
 * {@code PredecessorCheck} and {@code Departures} (neighbours' graceful leaves), run at fixed or
 * adaptive periods by {@code MaintenanceSchedule}; {@link org.bloomchord.chord.maintenance.Maintenance}
 * wires them for the peer.
 */
package org.bloomchord.chord.maintenance;
