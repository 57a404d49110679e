package org.bloomchord.routing.traceback;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.Optional;
import org.bloomchord.chord.wire.ChordMessages.FindSuccessor;
import org.bloomchord.chord.wire.ChordMessages.LookupDone;
import org.bloomchord.overlay.Message;
import org.bloomchord.overlay.wire.WireWriter;
import org.bloomchord.routing.hash.Murmur3;

/**
 * The 64-bit digest of a message over the fields that do not change from hop to hop, as the
 * source notes ask of traceback ("fields of the header that change on the way must be ignored"):
 * for a forwarded lookup ({@link FindSuccessor}) its id, key and origin, not its hop and timeout
 * counts; for a lookup's answer its id and the successor and list it names, not its counts; for
 * any other message (sent point to point, never forwarded) its type and all its record components. The
 * digest is the same at every peer the message passes, on both runtimes, and in every run: components
 * are written by value ({@link #invariant}), never by an identity hash (a record prints an array
 * component as {@code [J@1b6d3586}, which differs from run to run and made the same seed give
 * different false positives).
 */
public final class MessageDigest {

  /** The accessors of a record type's components, in declaration order. */
  private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
    @Override
    protected Method[] computeValue(Class<?> type) {
      RecordComponent[] components = type.getRecordComponents();
      Method[] out = new Method[components.length];
      for (int i = 0; i < components.length; i++) {
        out[i] = components[i].getAccessor();
        out[i].trySetAccessible();
      }
      return out;
    }
  };

  /** The instance fields of a class and its superclasses, sorted by name, readable. */
  private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
    @Override
    protected Field[] computeValue(Class<?> type) {
      java.util.List<Field> out = new java.util.ArrayList<>();
      for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
        for (Field f : c.getDeclaredFields()) {
          if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()) && f.trySetAccessible()) {
            out.add(f);
          }
        }
      }
      out.sort(java.util.Comparator.comparing(Field::getName));
      return out.toArray(Field[]::new);
    }
  };

  private MessageDigest() {
  }

  /** The digest of {@code m}. */
  public static long of(Message m) {
    String invariant;
    if (m instanceof FindSuccessor f) {
      invariant = "FindSuccessor|" + f.lookupId() + "|" + f.key() + "|" + f.origin();
    } else if (m instanceof LookupDone d) {
      invariant = "LookupDone|" + d.lookupId() + "|" + d.successor() + "|" + d.successors();
    } else {
      invariant = m.typeName() + "|" + invariant(m);
    }
    return Murmur3.hash128(invariant).h1();
  }

  /**
   * {@code value} written by value, the same in every JVM: a record as its type and components, an
   * array, collection, map or optional as its elements, an enum by name, any other object as its
   * type and instance fields by name (never its {@code toString} or {@code hashCode}, which may
   * summarise it or be an identity hash that differs from run to run).
   */
  static String invariant(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static void write(Object v, StringBuilder out) {
    if (v == null || v instanceof CharSequence || v instanceof Number || v instanceof Boolean
        || v instanceof Character) {
      out.append(v);
    } else if (v instanceof Enum<?> e) {
      out.append(e.name());
    } else if (v.getClass().isRecord()) {
      out.append(v.getClass().getSimpleName()).append('[');
      Method[] accessors = ACCESSORS.get(v.getClass());
      for (int i = 0; i < accessors.length; i++) {
        out.append(i == 0 ? "" : ", ").append(accessors[i].getName()).append('=');
        write(component(v, accessors[i]), out);
      }
      out.append(']');
    } else if (v.getClass().isArray()) {
      out.append('[');
      for (int i = 0, n = Array.getLength(v); i < n; i++) {
        out.append(i == 0 ? "" : ", ");
        write(Array.get(v, i), out);
      }
      out.append(']');
    } else if (v instanceof Iterable<?> items) {
      writeAll(items, out);
    } else if (v instanceof Map<?, ?> map) {
      writeAll(map.entrySet(), out);
    } else if (v instanceof Map.Entry<?, ?> e) {
      write(e.getKey(), out);
      out.append('=');
      write(e.getValue(), out);
    } else if (v instanceof Optional<?> o) {
      write(o.orElse(null), out);
    } else {
      // a class of its own (a set of elements, coded symbols): its instance fields by name
      out.append(v.getClass().getSimpleName()).append('{');
      Field[] fields = FIELDS.get(v.getClass());
      for (int i = 0; i < fields.length; i++) {
        out.append(i == 0 ? "" : ", ").append(fields[i].getName()).append('=');
        try {
          write(fields[i].get(v), out);
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("cannot read " + fields[i].getName() + " of " + v.getClass().getName(), e);
        }
      }
      out.append('}');
    }
  }

  private static void writeAll(Iterable<?> items, StringBuilder out) {
    out.append('[');
    boolean first = true;
    for (Object item : items) {
      out.append(first ? "" : ", ");
      write(item, out);
      first = false;
    }
    out.append(']');
  }

  private static Object component(Object record, Method accessor) {
    try {
      return accessor.invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + accessor.getName() + " of " + record.getClass().getName(), e);
    }
  }



  /**
   * The encoded bytes of {@code m}'s fields that the digest leaves out, as its wire encoding writes
   * them: a forwarded lookup's hop, timeout and final-step varints and the final step's bound; a
   * lookup answer's three count varints; 0 for any other message. The encoded size less this is
   * the message's invariant part, the counterpart of the header bytes SPIE digests.
   */
  public static int variantBytes(Message m) {
    if (m instanceof FindSuccessor f) {
      int step = f.finalStep().map(s -> s.predecessorHops() + 1).orElse(0);
      return WireWriter.varLongSize(f.hops()) + WireWriter.varLongSize(f.timeouts()) + WireWriter.varLongSize(step)
          + (f.finalStep().isPresent() ? Long.BYTES : 0);
    }
    if (m instanceof LookupDone d) {
      return WireWriter.varLongSize(d.hops()) + WireWriter.varLongSize(d.timeouts())
          + WireWriter.varLongSize(d.ownerHops());
    }
    return 0;
  }
}
