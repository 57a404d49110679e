/**
 * Binary wire encodings: readers and writers of varints, strings and fixed fields, and the registry
 * of codecs by tag; decoders reject malformed input with {@link
 * org.bloomchord.overlay.MalformedMessageException}.
 */
package org.bloomchord.overlay.wire;
