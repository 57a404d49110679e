package org.bloomchord.overlay.admission;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The rule for files that hold a secret (private keys, the shared secret, an HTTP token), as ssh
 * applies it to private keys: a file that its group or others may read, write or execute is
 * refused before it is read, with a message that names the file, its mode and the fix. On file
 * systems without POSIX permissions the rule does not apply.
 */
public final class OwnerOnlyFile {

  private static final Set<PosixFilePermission> OPEN = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private OwnerOnlyFile() {
  }

  /**
   * Checks that {@code file} exists and only its owner may use it.
   *
   * @throws IllegalArgumentException naming the file, its mode and {@code chmod 600}, when not
   */
  public static void check(Path file) {
    PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
    if (!Files.exists(file)) {
      throw new IllegalArgumentException(file + ": cannot read it (no such file)");
    }
    if (view == null) {
      return;
    }
    Set<PosixFilePermission> mode;
    try {
      mode = view.readAttributes().permissions();
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": cannot read its permissions (" + e.getMessage() + ")", e);
    }
    if (mode.stream().anyMatch(OPEN::contains)) {
      throw new IllegalArgumentException(file + " is accessible by group or others (mode "
          + PosixFilePermissions.toString(mode) + "); it holds a secret: chmod 600 " + file);
    }
  }
}
