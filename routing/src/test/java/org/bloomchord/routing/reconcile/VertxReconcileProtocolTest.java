package org.bloomchord.routing.reconcile;

/** The reconciliation protocol on the Vert.x runtime. */
class VertxReconcileProtocolTest extends ReconcileProtocolTest {

  @Override
  protected String runtime() {
    return "vertx";
  }
}
