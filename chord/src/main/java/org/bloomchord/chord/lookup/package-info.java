/**
 * What a lookup returns: its result (the owner, its successors, the hops to the key's predecessor
 * and to the owner, timeouts), its outcome and the routing mode.
 */
package org.bloomchord.chord.lookup;
