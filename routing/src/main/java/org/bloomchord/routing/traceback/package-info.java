/**
 * Traceback of messages through the overlay (after Snoeren et al., "Hash-Based IP Traceback",
 * SIGCOMM 2001, and the traceback chapter of the source notes): every peer keeps digests of the
 * messages it handles in time-windowed Bloom filters, and a victim walks a captured message back
 * through the peers whose filters hold its digest. See {@link org.bloomchord.routing.traceback.TracebackService}.
 */
package org.bloomchord.routing.traceback;
