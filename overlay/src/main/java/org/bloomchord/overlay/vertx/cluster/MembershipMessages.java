package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.spi.cluster.NodeInfo;
import io.vertx.core.spi.cluster.RegistrationInfo;
import java.util.Map;
import java.util.Set;

/**
 * The membership messages of the JGroups plane, each a type byte and then its fields:
 *
 * <pre>
 * STATE         node id, member address, 0 | 1 node info, count, (address, count, registration...)...
 * REGISTERED    node id, address, registration
 * UNREGISTERED  node id, address, registration
 * </pre>
 *
 * <p>Strings and records as {@link PlaneCodec} writes them. The maps' messages are
 * {@link ReplicatedMaps}'.
 */
final class MembershipMessages {

  /** A member's node info and all its registrations, replacing what the receiver had of it. */
  static final byte STATE = 1;
  /** One registration added. */
  static final byte REGISTERED = 2;
  /** One registration removed. */
  static final byte UNREGISTERED = 3;

  private MembershipMessages() {
  }

  static byte[] state(String nodeId, String memberAddress, NodeInfo nodeInfo,
      Map<String, Set<RegistrationInfo>> registrations) {
    Buffer out = Buffer.buffer().appendByte(STATE);
    PlaneCodec.writeString(out, nodeId);
    PlaneCodec.writeString(out, memberAddress);
    if (nodeInfo == null) {
      out.appendByte((byte) 0);
    } else {
      out.appendByte((byte) 1);
      PlaneCodec.write(out, nodeInfo);
    }
    out.appendInt(registrations.size());
    registrations.forEach((address, set) -> {
      PlaneCodec.writeString(out, address);
      out.appendInt(set.size());
      set.forEach(info -> PlaneCodec.write(out, info));
    });
    return out.getBytes();
  }

  static byte[] registration(byte type, String nodeId, String address, RegistrationInfo info) {
    Buffer out = Buffer.buffer().appendByte(type);
    PlaneCodec.writeString(out, nodeId);
    PlaneCodec.writeString(out, address);
    PlaneCodec.write(out, info);
    return out.getBytes();
  }
}
