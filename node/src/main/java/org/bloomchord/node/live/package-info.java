/**
 * The live view in the browser: {@link org.bloomchord.node.live.LiveSource} is what the page reads
 * (peers, a feed of changes and paths, counters, actions), implemented by a node
 * ({@link org.bloomchord.node.live.NodeLiveSource}) and by a scenario run; {@link
 * org.bloomchord.node.live.LiveServer} serves the page, its JSON routes and its event stream.
 */
package org.bloomchord.node.live;
