package org.bloomchord.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteOptions;

/**
 * Compares the two embedded stores the node could keep its peers' entries in, under the node's
 * durability rule (a write reaches the operating system before it is acknowledged): H2 MVStore with
 * a commit after every write, and RocksDB with its write-ahead log (no fsync per write). Prints
 * put and get rates and the time to reopen. Run with
 * {@code java -cp benchmarks/target/benchmarks.jar org.bloomchord.benchmarks.StoreEngineBench N}.
 */
public final class StoreEngineBench {

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    for (int round = 0; round < 3; round++) {
      mvstore(n);
      rocksdb(n);
    }
  }

  private static byte[] value(int i) {
    return ("value-" + i + "-" + "x".repeat(64)).getBytes(StandardCharsets.UTF_8);
  }

  private static void mvstore(int n) throws Exception {
    Path dir = Files.createTempDirectory("mvbench");
    String file = dir.resolve("s.mv").toString();
    MVStore s = new MVStore.Builder().fileName(file).autoCommitDisabled().open();
    MVMap<String, byte[]> m = s.openMap("p0");
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      m.put("key-" + i, value(i));
      s.commit();
    }
    long t1 = System.nanoTime();
    long sum = 0;
    for (int i = 0; i < n; i++) {
      sum += m.get("key-" + i).length;
    }
    long t2 = System.nanoTime();
    s.close();
    long t3 = System.nanoTime();
    MVStore r = new MVStore.Builder().fileName(file).open();
    MVMap<String, byte[]> rm = r.openMap("p0");
    long count = 0;
    for (var e : rm.entrySet()) {
      count += e.getValue().length > 0 ? 1 : 0;
    }
    long t4 = System.nanoTime();
    r.close();
    report("mvstore", n, t0, t1, t2, t3, t4, count, sum, size(dir));
    delete(dir);
  }

  private static void rocksdb(int n) throws Exception {
    RocksDB.loadLibrary();
    Path dir = Files.createTempDirectory("rocksbench");
    long t0;
    long t1;
    long t2;
    long sum = 0;
    try (Options o = new Options().setCreateIfMissing(true); WriteOptions w = new WriteOptions();
        RocksDB db = RocksDB.open(o, dir.toString())) {
      t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        db.put(w, ("p0/key-" + i).getBytes(StandardCharsets.UTF_8), value(i));
      }
      t1 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        sum += db.get(("p0/key-" + i).getBytes(StandardCharsets.UTF_8)).length;
      }
      t2 = System.nanoTime();
    }
    long t3 = System.nanoTime();
    long count = 0;
    try (Options o = new Options(); RocksDB db = RocksDB.open(o, dir.toString());
        var it = db.newIterator()) {
      for (it.seekToFirst(); it.isValid(); it.next()) {
        count += it.value().length > 0 ? 1 : 0;
      }
    }
    long t4 = System.nanoTime();
    report("rocksdb", n, t0, t1, t2, t3, t4, count, sum, size(dir));
    delete(dir);
  }

  private static void report(String name, int n, long t0, long t1, long t2, long t3, long t4, long count,
      long sum, long bytes) {
    System.out.printf("%-8s puts/s %,10.0f  gets/s %,10.0f  reopen+scan ms %,7.1f  keys %d  disk MB %.1f%n",
        name, n / ((t1 - t0) / 1e9), n / ((t2 - t1) / 1e9), (t4 - t3) / 1e6, count, bytes / 1e6);
  }

  private static long size(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }

  private static void delete(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
