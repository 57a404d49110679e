package org.bloomchord.experiments.churn;

/** What happens to a peer in a churn event. */
public enum ChurnAction {
  /** A new peer starts and joins the ring. */
  JOIN,
  /** A peer leaves gracefully: it tells its neighbours and hands its keys over. */
  LEAVE,
  /** A peer stops without telling anyone. */
  CRASH
}
