package org.bloomchord.overlay.vertx.cluster;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jgroups.Address;
import org.jgroups.EmptyMessage;
import org.jgroups.Event;
import org.jgroups.Header;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.stack.Protocol;
import org.jgroups.util.MessageBatch;
import org.jgroups.util.Util;

/**
 * A JGroups protocol that lets a suspicion through only when no other member reaches the suspect:
 * the membership's answer to a non-transitive cut (Freedman et al., WORLDS 2005), where A and C
 * cannot reach each other while both reach B. Without it, FD_ALL3 at A suspects C and, A being the
 * coordinator, the view drops C for every member, B included: a cut between two hosts becomes a
 * split of the ring.
 *
 * <p>It sits above VERIFY_SUSPECT2 (which asked the suspect itself once more). For each suspect of a
 * SUSPECT event it asks up to {@link #HELPERS} other members of the view to ping it (SWIM's
 * ping-req); a helper that hears the suspect's pong tells the asker, and the suspicion is dropped.
 * Suspects no helper vouched for within {@link #TIMEOUT_MS} go on up as one SUSPECT event, so a
 * real crash or a real partition is excluded {@link #TIMEOUT_MS} later than without this layer
 * ({@link #HOLD_MS} more when a helper had vouched for it just before).
 * With no other member to ask (a view of two) the event goes up at once. The probes are single
 * out-of-band messages below the reliable layers: a lost one counts as an unanswered probe.
 *
 * <pre>
 *   A: SUSPECT(C) --ASK(C)--> B --PING--> C --PONG--> B --ALIVE(C)--> A: suspicion dropped
 *   A: no ALIVE(C) within TIMEOUT_MS ----------------------------------> SUSPECT(C) up to GMS
 * </pre>
 */
public final class IndirectVerify extends Protocol {

  /** The protocol's id (user range, above JGroups' own). */
  static final short PROTOCOL_ID = 1701;
  /** The magic number of its header. */
  static final short HEADER_MAGIC = 1701;
  /** Members asked to reach a suspect. */
  static final int HELPERS = 2;
  /** How long the asker waits for a helper's word before the suspicion goes up. */
  static final long TIMEOUT_MS = 2_000;
  /**
   * How long a helper's word holds: FD_ALL3 raises the suspicion again every heartbeat while the
   * suspect stays silent to this member, and each repeat within this time is dropped at once (the
   * helpers are asked again at most every {@link #TIMEOUT_MS}, which keeps the word fresh).
   */
  static final long HOLD_MS = 3 * TIMEOUT_MS;

  static {
    ClassConfigurator.addProtocol(PROTOCOL_ID, IndirectVerify.class);
    ClassConfigurator.addIfAbsent(HEADER_MAGIC, ProbeHeader.class);
  }

  private static final byte ASK = 1;
  private static final byte PING = 2;
  private static final byte PONG = 3;
  private static final byte ALIVE = 4;

  private List<Address> members = List.of();
  /** Suspects being verified. */
  private final Set<Address> pending = new HashSet<>();
  /** When a helper last vouched for a member (nanoTime). */
  private final Map<Address, Long> lastAlive = new HashMap<>();
  /** When helpers were last asked about a member (nanoTime). */
  private final Map<Address, Long> lastAsked = new HashMap<>();

  /** A protocol with the project's settings. */
  public IndirectVerify() {
    this.id = PROTOCOL_ID;
  }

  @Override
  public Object down(Event evt) {
    if (evt.getType() == Event.VIEW_CHANGE) {
      View v = evt.getArg();
      synchronized (this) {
        members = List.copyOf(v.getMembers());
        pending.retainAll(members);
        lastAlive.keySet().retainAll(members);
        lastAsked.keySet().retainAll(members);
      }
    }
    return down_prot.down(evt);
  }

  @Override
  public Object up(Event evt) {
    if (evt.getType() == Event.SUSPECT) {
      Collection<Address> suspects = evt.getArg();
      verify(suspects);
      return null;
    }
    return up_prot.up(evt);
  }

  @Override
  public Object up(Message msg) {
    ProbeHeader h = msg.getHeader(id);
    if (h == null) {
      return up_prot.up(msg);
    }
    handle(h, msg.getSrc());
    return null;
  }

  @Override
  public void up(MessageBatch batch) {
    List<Message> probes = null;
    for (Message m : batch) {
      if (m.getHeader(id) != null) {
        if (probes == null) {
          probes = new ArrayList<>(2);
        }
        probes.add(m);
      }
    }
    if (probes != null) {
      batch.removeIf(m -> m.getHeader(id) != null, true);
      for (Message m : probes) {
        handle(m.getHeader(id), m.getSrc());
      }
    }
    if (!batch.isEmpty()) {
      up_prot.up(batch);
    }
  }

  private void handle(ProbeHeader h, Address from) {
    switch (h.type) {
      case ASK -> send(h.subject, PING, from);
      case PING -> send(from, PONG, h.subject);
      case PONG -> send(h.subject, ALIVE, from);
      case ALIVE -> {
        synchronized (this) {
          lastAlive.put(h.subject, System.nanoTime());
        }
      }
      default -> {
        // an unknown probe type from a newer member: ignored
      }
    }
  }

  /** Sends a probe of {@code type} about {@code subject} to {@code to}. */
  private void send(Address to, byte type, Address subject) {
    if (to == null || subject == null) {
      return;
    }
    Message m = new EmptyMessage(to).setFlag(Message.Flag.OOB, Message.Flag.DONT_BUNDLE)
        .putHeader(id, new ProbeHeader(type, subject));
    down_prot.down(m);
  }

  private void verify(Collection<Address> suspects) {
    List<Address> now = new ArrayList<>();
    List<Address> waiting = new ArrayList<>();
    long t = System.nanoTime();
    synchronized (this) {
      List<Address> helpers = new ArrayList<>();
      for (Address m : members) {
        if (helpers.size() < HELPERS && !m.equals(local_addr) && !suspects.contains(m)) {
          helpers.add(m);
        }
      }
      for (Address s : suspects) {
        if (helpers.isEmpty()) {
          now.add(s);
          continue;
        }
        Long asked = lastAsked.get(s);
        if (asked == null || t - asked >= TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MS)) {
          lastAsked.put(s, t);
          for (Address h : helpers) {
            send(h, ASK, s);
          }
        }
        if (!vouchedRecently(s, t) && pending.add(s)) {
          waiting.add(s);
        }
      }
    }
    if (!now.isEmpty()) {
      up_prot.up(new Event(Event.SUSPECT, now));
    }
    if (!waiting.isEmpty()) {
      getTransport().getTimer().schedule(() -> decide(waiting), TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }
  }

  /** Whether a helper vouched for {@code s} within {@link #HOLD_MS} before {@code t} (nanoTime). */
  private boolean vouchedRecently(Address s, long t) {
    Long at = lastAlive.get(s);
    return at != null && t - at < TimeUnit.MILLISECONDS.toNanos(HOLD_MS);
  }

  private void decide(List<Address> suspects) {
    List<Address> up = new ArrayList<>();
    long t = System.nanoTime();
    synchronized (this) {
      for (Address s : suspects) {
        if (pending.remove(s) && !vouchedRecently(s, t)) {
          up.add(s);
        }
      }
    }
    if (!up.isEmpty()) {
      up_prot.up(new Event(Event.SUSPECT, up));
    }
  }

  /** The header of a probe: its type and the member it is about. */
  public static final class ProbeHeader extends Header {
    byte type;
    Address subject;

    /** For JGroups' deserialisation. */
    public ProbeHeader() {
    }

    ProbeHeader(byte type, Address subject) {
      this.type = type;
      this.subject = subject;
    }

    @Override
    public short getMagicId() {
      return HEADER_MAGIC;
    }

    @Override
    public Supplier<? extends Header> create() {
      return ProbeHeader::new;
    }

    @Override
    public int serializedSize() {
      return Byte.BYTES + Util.size(subject);
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
      out.writeByte(type);
      Util.writeAddress(subject, out);
    }

    @Override
    public void readFrom(DataInput in) throws IOException, ClassNotFoundException {
      type = in.readByte();
      subject = Util.readAddress(in);
    }
  }
}
