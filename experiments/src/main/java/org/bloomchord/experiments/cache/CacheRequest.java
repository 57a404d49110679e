package org.bloomchord.experiments.cache;

/**
 * One request of a cache workload.
 *
 * @param timeMs when it is issued, in milliseconds from the start (a trace's; a catalogue's are 0)
 * @param peer index of the requesting peer in the group, 0-based
 * @param object the object's number, >= 0
 * @param bytes the object's size
 */
public record CacheRequest(long timeMs, int peer, long object, int bytes) {
}
