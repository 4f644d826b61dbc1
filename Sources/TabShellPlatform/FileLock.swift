#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock on a file (`flock`), for processes that must not do one thing at the same
/// time: two starts of one session. The file is made when missing (mode 0600, never through a
/// symbolic link) and left in place: removing it would let a process lock a file no longer at its
/// path. The lock goes with the process: a process that ends, however it ends, releases it.
///
/// Isolation: used from one thread at a time; a child forked while it is held shares it until the
/// child closes its descriptors.
package final class FileLock {
  /// The lock file's path.
  package let path: String
  private var fd: Int32
  private var held = false

  /// Opens the lock file at `path` (made when missing, with `creating`), without locking it. A
  /// path that is a symbolic link or no regular file is refused.
  package init(path: String, creating: Bool = true) throws(SystemError) {
    self.path = path
    let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (creating ? O_CREAT : 0)
    fd = open(path, flags, mode_t(0o600))
    guard fd >= 0 else { throw .current }
    guard FileStatus.of(descriptor: fd)?.kind == .regularFile else {
      SystemIO.close(fd)
      fd = -1
      throw .invalidArgument
    }
  }

  deinit {
    if fd >= 0 { SystemIO.close(fd) }
  }

  /// Whether this process holds it now.
  package var isHeld: Bool { held }

  /// Takes the lock when no other process holds it; whether it did (at once, without waiting).
  package func tryLock() -> Bool {
    guard !held else { return true }
    while true {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 {
        held = true
        return true
      }
      guard errno == EINTR else { return false }
    }
  }

  /// Takes the lock, waiting for the process that holds it to let it go, until `deadline`
  /// (monotonic nanoseconds); whether it did. It is tried every 10 ms, so a holder that is stopped
  /// or waits on something costs only the wait.
  package func lock(until deadline: UInt64) -> Bool {
    while !tryLock() {
      guard MonotonicClock.now() < deadline else { return false }
      MonotonicClock.sleep(milliseconds: 10)
    }
    return true
  }

  /// Lets the lock go (it is held by no process of this one's any more, children forked meanwhile
  /// included).
  package func unlock() {
    guard held else { return }
    _ = flock(fd, LOCK_UN)
    held = false
  }
}
