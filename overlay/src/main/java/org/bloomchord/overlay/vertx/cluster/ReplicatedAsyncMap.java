package org.bloomchord.overlay.vertx.cluster;

import io.vertx.core.Future;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.shareddata.AsyncMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;

/** One named map of {@link ReplicatedMaps}, as Vert.x' {@link AsyncMap}: every call is answered from this member's copy. */
@SuppressWarnings("unchecked")
final class ReplicatedAsyncMap<K, V> implements AsyncMap<K, V> {

  private final VertxInternal vertx;
  private final ReplicatedMaps maps;
  private final String name;

  ReplicatedAsyncMap(VertxInternal vertx, ReplicatedMaps maps, String name) {
    this.vertx = vertx;
    this.maps = maps;
    this.name = name;
  }

  private <T> Future<T> answer(Callable<T> call) {
    ContextInternal context = vertx.getOrCreateContext();
    try {
      return context.succeededFuture(call.call());
    } catch (Exception e) {
      return context.failedFuture(e);
    }
  }

  @Override
  public Future<V> get(K k) {
    return answer(() -> (V) maps.get(name, Objects.requireNonNull(k, "key")));
  }

  @Override
  public Future<Void> put(K k, V v) {
    return put(k, v, 0);
  }

  @Override
  public Future<Void> put(K k, V v, long ttl) {
    return answer(() -> {
      maps.update(name, Objects.requireNonNull(k, "key"), ttl, (old, present) -> Objects.requireNonNull(v, "value"));
      return null;
    });
  }

  @Override
  public Future<V> putIfAbsent(K k, V v) {
    return putIfAbsent(k, v, 0);
  }

  @Override
  public Future<V> putIfAbsent(K k, V v, long ttl) {
    return answer(() -> (V) maps.update(name, Objects.requireNonNull(k, "key"), ttl,
        (old, present) -> present ? ReplicatedMaps.KEEP : Objects.requireNonNull(v, "value")));
  }

  @Override
  public Future<V> remove(K k) {
    return answer(() -> (V) maps.update(name, Objects.requireNonNull(k, "key"), 0,
        (old, present) -> present ? ReplicatedMaps.REMOVE : ReplicatedMaps.KEEP));
  }

  @Override
  public Future<Boolean> removeIfPresent(K k, V v) {
    return answer(() -> {
      boolean[] done = {false};
      maps.update(name, Objects.requireNonNull(k, "key"), 0, (old, present) -> {
        done[0] = present && Objects.equals(old, v);
        return done[0] ? ReplicatedMaps.REMOVE : ReplicatedMaps.KEEP;
      });
      return done[0];
    });
  }

  @Override
  public Future<V> replace(K k, V v) {
    return replace(k, v, 0);
  }

  @Override
  public Future<V> replace(K k, V v, long ttl) {
    return answer(() -> (V) maps.update(name, Objects.requireNonNull(k, "key"), ttl,
        (old, present) -> present ? Objects.requireNonNull(v, "value") : ReplicatedMaps.KEEP));
  }

  @Override
  public Future<Boolean> replaceIfPresent(K k, V oldValue, V newValue) {
    return replaceIfPresent(k, oldValue, newValue, 0);
  }

  @Override
  public Future<Boolean> replaceIfPresent(K k, V oldValue, V newValue, long ttl) {
    return answer(() -> {
      boolean[] done = {false};
      maps.update(name, Objects.requireNonNull(k, "key"), ttl, (old, present) -> {
        done[0] = present && Objects.equals(old, oldValue);
        return done[0] ? Objects.requireNonNull(newValue, "value") : ReplicatedMaps.KEEP;
      });
      return done[0];
    });
  }

  @Override
  public Future<Void> clear() {
    return answer(() -> {
      for (Object k : maps.entries(name).keySet()) {
        maps.update(name, k, 0, (old, present) -> present ? ReplicatedMaps.REMOVE : ReplicatedMaps.KEEP);
      }
      return null;
    });
  }

  @Override
  public Future<Integer> size() {
    return answer(() -> maps.entries(name).size());
  }

  @Override
  public Future<Set<K>> keys() {
    return answer(() -> new HashSet<>((Set<K>) maps.entries(name).keySet()));
  }

  @Override
  public Future<List<V>> values() {
    return answer(() -> new ArrayList<>((java.util.Collection<V>) maps.entries(name).values()));
  }

  @Override
  public Future<Map<K, V>> entries() {
    return answer(() -> (Map<K, V>) maps.entries(name));
  }
}
