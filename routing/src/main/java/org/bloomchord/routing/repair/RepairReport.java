package org.bloomchord.routing.repair;

import java.util.Objects;
import org.bloomchord.overlay.PeerRef;
import org.bloomchord.routing.reconcile.ReconcileResult;

/**
 * What one repair of a range with one replica did, as the primary saw it.
 *
 * @param target the replica
 * @param digests entries of the range at the primary when the repair began
 * @param missingHere digests the replica held and the primary lacked (the entries pulled)
 * @param missingThere digests the primary held and the replica lacked, or -1 when the method did
 *     not learn them and the whole range was pushed
 * @param pulled entries received from the replica that changed the primary's store
 * @param pushed entries sent to the replica
 * @param reconcile the reconciliation of the digests
 */
public record RepairReport(PeerRef target, int digests, int missingHere, int missingThere, int pulled, int pushed,
    ReconcileResult reconcile) {

  public RepairReport {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(reconcile, "reconcile");
  }

  /** Size of the decoded difference of digests (both sides), or -1 when only one side was learnt. */
  public int difference() {
    return missingThere < 0 ? -1 : missingHere + missingThere;
  }
}
