package org.bloomchord.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.sim.LatencyModel;
import org.junit.jupiter.api.Test;

/** Validation of the options, and runtime selection by name. */
class NetworkOptionsTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    NetworkOptions d = NetworkOptions.defaults();
    assertEquals(1L, d.seed());
    assertEquals(LatencyModel.constant(10), d.latency());
    assertEquals(0.0, d.lossProbability());
    assertTrue(d.wireRoundTrip());
    assertEquals(30_000L, d.launchTimeoutMs());
  }

  @Test
  void invalidSettingsAreRefused() {
    NetworkOptions d = NetworkOptions.defaults();
    assertThrows(IllegalArgumentException.class, () -> d.withLossProbability(1.0));
    assertThrows(IllegalArgumentException.class, () -> d.withLossProbability(-0.1));
    assertThrows(IllegalArgumentException.class, () -> d.withLossProbability(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> d.withEventLoopThreads(0));
    assertThrows(IllegalArgumentException.class, () -> d.withLaunchTimeoutMs(0));
    assertThrows(IllegalArgumentException.class, () -> d.withDeployBatchSize(0));
    assertThrows(NullPointerException.class, () -> d.withLatency(null));
    assertThrows(IllegalArgumentException.class, () -> LatencyModel.uniform(10, 5));
    assertThrows(IllegalArgumentException.class, () -> LatencyModel.constant(-1));
  }

  @Test
  void unknownRuntimeNamesAreRefusedWithTheName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Networks.<EchoPeer>create("carrier-pigeon", NetworkOptions.defaults(), EchoWire.registry()));
    assertTrue(e.getMessage().contains("carrier-pigeon"), e.getMessage());
  }

  @Test
  void simIsSelectedByName() {
    try (Network<EchoPeer> net = Networks.create("sim", NetworkOptions.defaults(), EchoWire.registry())) {
      assertEquals("sim", net.runtimeName());
    }
  }

  @Test
  void vertxIsSelectedByNameAndClosesItsOwnInstance() {
    try (Network<EchoPeer> net = Networks.create("vertx", NetworkOptions.defaults().withEventLoopThreads(1),
        EchoWire.registry())) {
      assertEquals("vertx", net.runtimeName());
      assertEquals(java.util.List.of(), net.alive());
    }
  }
}
