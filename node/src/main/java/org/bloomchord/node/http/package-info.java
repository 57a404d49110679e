/**
 * The HTTP API of {@code bloomchord node} (vertx-web, JSON), its Prometheus metrics, server-sent
 * events and the live view page.
 */
package org.bloomchord.node.http;
