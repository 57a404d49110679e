package org.bloomchord.overlay.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BucketArraysTest {

  @Test
  void lengthsAreThePowerOfTwoAtOrAboveWhatIsAsked() {
    BucketArrays arrays = new BucketArrays();
    assertEquals(4, arrays.refs(3).length);
    assertEquals(4, arrays.refs(4).length);
    assertEquals(8, arrays.refs(5).length);
    assertEquals(1, arrays.refs(1).length);
    assertEquals(32, arrays.bytes(17).length);
    assertEquals(1 << 20, arrays.bytes((1 << 19) + 1).length);
  }

  @Test
  void anArrayGivenBackIsHandedOutAgainForItsLengthOnly() {
    BucketArrays arrays = new BucketArrays();
    Object[] refs = arrays.refs(64);
    byte[] bytes = arrays.bytes(64);
    arrays.give(refs);
    arrays.give(bytes);
    assertSame(bytes, arrays.bytes(40));
    assertNotSame(refs, arrays.refs(128), "another length gets a new array");
    Object[] again = arrays.refs(33);
    assertSame(refs, again);
    assertEquals(Arrays.asList(new Object[64]), Arrays.asList(again), "every element null");
    assertEquals(0, arrays.kept());
  }

  @Test
  void keepsAtMostItsShareOfEachLengthAndNoArrayOfAnotherLength() {
    BucketArrays arrays = new BucketArrays();
    List<Object[]> given = new ArrayList<>();
    for (int i = 0; i < BucketArrays.KEPT_PER_SIZE + 5; i++) {
      given.add(new Object[16]);
    }
    given.forEach(arrays::give);
    arrays.give(new Object[12]);
    arrays.give(new byte[100]);
    assertEquals(BucketArrays.KEPT_PER_SIZE, arrays.kept());
    for (int i = 0; i < BucketArrays.KEPT_PER_SIZE; i++) {
      // last in, first out: the most recently given is the likeliest still in the cache
      assertSame(given.get(BucketArrays.KEPT_PER_SIZE - 1 - i), arrays.refs(16));
    }
    assertEquals(0, arrays.kept());
  }

  @Test
  void ofLargeArraysKeepsOnlyWhatItsBudgetHoldsButAFewAndNoneAboveIt() {
    BucketArrays arrays = new BucketArrays();
    int large = BucketArrays.BYTES_PER_SIZE / 4;
    for (int i = 0; i < 10; i++) {
      arrays.give(new byte[large]);
    }
    assertEquals(4, arrays.kept());
    for (int i = 0; i < 10; i++) {
      arrays.give(new byte[BucketArrays.BYTES_PER_SIZE]);
    }
    assertEquals(4 + BucketArrays.KEPT_OF_LARGE, arrays.kept());
    // a wave's burst of megabytes is not kept at all
    arrays.give(new byte[2 * BucketArrays.BYTES_PER_SIZE]);
    arrays.give(new Object[BucketArrays.BYTES_PER_SIZE]);
    assertEquals(4 + BucketArrays.KEPT_OF_LARGE, arrays.kept());
  }
}
