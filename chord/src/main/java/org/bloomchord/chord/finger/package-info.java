/**
 * A peer's routing state: the finger table, the successor list and the predecessor, with suspicion
 * of silent peers ({@link org.bloomchord.chord.finger.RoutingTable}).
 */
package org.bloomchord.chord.finger;
