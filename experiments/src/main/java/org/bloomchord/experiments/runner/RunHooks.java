package org.bloomchord.experiments.runner;

import java.util.function.Consumer;

/**
 * Lets something outside the runner watch the runs of this process: the observer set here is
 * given each run's {@link RunContext} once the run's cluster exists, before its first phase. The
 * live view of {@code bloomchord run --live} is the one user; without an observer nothing happens.
 */
public final class RunHooks {

  private static volatile Consumer<RunContext> observer;

  private RunHooks() {
  }

  /** Sets (or, with null, clears) the observer of the runs that start from now on. */
  public static void observe(Consumer<RunContext> onStart) {
    observer = onStart;
  }

  static void started(RunContext ctx) {
    Consumer<RunContext> o = observer;
    if (o != null) {
      o.accept(ctx);
    }
  }
}
