/**
 * What happens to the peers and the operations of a run: {@link
 * org.bloomchord.experiments.runner.ops.Membership} applies joins, leaves and crashes and keeps
 * the {@link org.bloomchord.experiments.runner.ops.Roster} of hosts on the ring; {@link
 * org.bloomchord.experiments.runner.ops.OperationIssuer} starts lookups, gets, puts and locates
 * on peers and judges each against the oracle when it completes; {@link
 * org.bloomchord.experiments.runner.ops.Holdings} tracks who holds which published object.
 */
package org.bloomchord.experiments.runner.ops;
