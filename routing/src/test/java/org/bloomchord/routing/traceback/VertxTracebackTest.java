package org.bloomchord.routing.traceback;

class VertxTracebackTest extends TracebackContract {
  @Override
  String runtime() {
    return "vertx";
  }
}
