/**
 * A peer's routing state: the finger table, the successor list and the predecessor
 * ({@link org.bloomchord.chord.finger.RoutingTable}), and the suspicion of silent peers with the
 * recovery candidates it remembers ({@link org.bloomchord.chord.finger.Suspicion}); mutations
 * that can fail for more than one reason report an outcome ({@code SuccessorOffer}, {@code Strike}).
 * {@link org.bloomchord.chord.finger.ProximityChoice} says which peers may serve as a finger under
 * proximity neighbour selection and which of them to take.
 */
package org.bloomchord.chord.finger;
