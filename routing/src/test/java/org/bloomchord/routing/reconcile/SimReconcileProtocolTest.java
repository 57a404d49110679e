package org.bloomchord.routing.reconcile;

/** The reconciliation protocol on the deterministic simulator (every frame decoded on delivery). */
class SimReconcileProtocolTest extends ReconcileProtocolTest {

  @Override
  protected String runtime() {
    return "sim";
  }
}
