/**
 * Benchmarks of a running node: HTTP against embedding-API load, and restart of a node with a data
 * directory.
 */
package org.bloomchord.node.bench;
