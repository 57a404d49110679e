package org.bloomchord.routing.cache;

/** Where a request was served from. */
public enum CacheOutcome {
  /** The requesting peer's own cache. */
  LOCAL_HIT,
  /** Another member of the group. */
  REMOTE_HIT,
  /** The origin (no member was found holding it). */
  ORIGIN
}
