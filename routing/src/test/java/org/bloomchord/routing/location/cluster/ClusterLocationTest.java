package org.bloomchord.routing.location.cluster;

import org.bloomchord.overlay.Networks;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * The location suite on the clustered Vert.x runtime (three clustered nodes in this JVM). The two
 * slowest cases test filter saturation and lease expiry, which do not depend on the transport; they
 * run on the simulator and the local Vert.x runtime, and are left out here to keep the suite's time.
 */
class ClusterLocationTest extends LocationContract {

  @Override
  String runtime() {
    return Networks.LOOPBACK_CLUSTER;
  }

  @Override
  int ringSize() {
    return 7;
  }

  @Override
  @Test
  @Disabled("filter saturation does not depend on the transport; covered by SimLocationTest and VertxLocationTest")
  void aFalsePositiveFromASaturatedFilterFallsBackToChordAndStillFindsTheObject() {
  }

  @Override
  @Test
  @Disabled("lease expiry does not depend on the transport; covered by SimLocationTest and VertxLocationTest")
  void aDepartedHolderLeavesTheFiltersAfterRefreshAndTheDirectoryAfterItsLease() {
  }
}
