/**
 * The embedding API: {@link org.bloomchord.node.Node} hosts peers on a Vert.x instance the caller
 * owns or one it creates, with put/get/delete, publish/locate, lookup, reconcile, ring events and
 * churn, configured by {@link org.bloomchord.node.NodeOptions}.
 */
package org.bloomchord.node;
