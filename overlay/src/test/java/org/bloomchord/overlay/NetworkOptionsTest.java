package org.bloomchord.overlay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.bloomchord.overlay.echo.EchoPeer;
import org.bloomchord.overlay.echo.EchoWire;
import org.bloomchord.overlay.sim.LatencyModel;
import org.bloomchord.overlay.sim.SimOptions;
import org.bloomchord.overlay.vertx.VertxRuntimeOptions;
import org.junit.jupiter.api.Test;

/** Validation of the options, and runtime selection by kind and by name. */
class NetworkOptionsTest {

  @Test
  void defaultsAreTheDocumentedOnes() {
    NetworkOptions d = NetworkOptions.defaults();
    assertEquals(1L, d.seed());
    assertEquals(LatencyModel.constant(10), d.sim().latency());
    assertEquals(0.0, d.sim().lossProbability());
    assertTrue(d.sim().wireRoundTrip());
    assertEquals(30_000L, d.launchTimeoutMs());
    assertEquals(1_000, d.vertx().deployBatchSize());
  }

  @Test
  void invalidSettingsAreRefused() {
    NetworkOptions d = NetworkOptions.defaults();
    SimOptions sim = SimOptions.defaults();
    VertxRuntimeOptions vertx = VertxRuntimeOptions.defaults();
    assertThrows(IllegalArgumentException.class, () -> sim.withLossProbability(1.0));
    assertThrows(IllegalArgumentException.class, () -> sim.withLossProbability(-0.1));
    assertThrows(IllegalArgumentException.class, () -> sim.withLossProbability(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> vertx.withEventLoopThreads(0));
    assertThrows(IllegalArgumentException.class, () -> d.withLaunchTimeoutMs(0));
    assertThrows(IllegalArgumentException.class, () -> vertx.withDeployBatchSize(0));
    assertThrows(NullPointerException.class, () -> sim.withLatency(null));
    assertThrows(IllegalArgumentException.class, () -> LatencyModel.uniform(10, 5));
    assertThrows(IllegalArgumentException.class, () -> LatencyModel.constant(-1));
  }

  @Test
  void eachRuntimesPartChangesOnlyThatPart() {
    NetworkOptions d = NetworkOptions.defaults().withSeed(9);
    NetworkOptions lossy = d.withSim(s -> s.withLossProbability(0.25));
    assertEquals(0.25, lossy.sim().lossProbability());
    assertEquals(d.vertx(), lossy.vertx());
    assertEquals(9L, lossy.seed());
    NetworkOptions oneLoop = d.withVertx(v -> v.withEventLoopThreads(1));
    assertEquals(1, oneLoop.vertx().eventLoopThreads());
    assertEquals(d.sim(), oneLoop.sim());
  }

  @Test
  void unknownRuntimeNamesAreRefusedWithTheName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Networks.<EchoPeer>create("carrier-pigeon", NetworkOptions.defaults(), EchoWire.registry()));
    assertTrue(e.getMessage().contains("carrier-pigeon"), e.getMessage());
  }

  @Test
  void runtimeNamesAreTheLabelsOfTheKinds() {
    for (RuntimeKind k : RuntimeKind.values()) {
      assertEquals(k, RuntimeKind.of(k.label()));
    }
    assertEquals(RuntimeKind.SIM, RuntimeKind.of(Networks.SIM));
    assertEquals(RuntimeKind.VERTX, RuntimeKind.of(Networks.VERTX));
  }

  @Test
  void simIsSelectedByName() {
    try (Network<EchoPeer> net = Networks.create("sim", NetworkOptions.defaults(), EchoWire.registry())) {
      assertEquals("sim", net.runtime().label());
      assertEquals(new SimulatorStats(0, 0), net.simulator().orElseThrow());
    }
  }

  @Test
  void vertxIsSelectedByNameAndClosesItsOwnInstance() {
    try (Network<EchoPeer> net = Networks.create("vertx",
        NetworkOptions.defaults().withVertx(v -> v.withEventLoopThreads(1)), EchoWire.registry())) {
      assertEquals("vertx", net.runtime().label());
      assertEquals(java.util.List.of(), net.alive());
      assertEquals(Optional.empty(), net.simulator());
    }
  }
}
