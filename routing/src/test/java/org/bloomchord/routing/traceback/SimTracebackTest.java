package org.bloomchord.routing.traceback;

class SimTracebackTest extends TracebackContract {
  @Override
  String runtime() {
    return "sim";
  }
}
