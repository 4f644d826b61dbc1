#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemIO {
  /// What ``writeAll(_:_:until:)`` did.
  package enum DeadlineWrite: Equatable, Sendable {
    /// Every byte was written.
    case written
    /// The descriptor stayed full until the deadline: its reader does not read.
    case timedOut
    /// Its reader is gone (a closed pipe) or the write failed.
    case closed
  }

  /// Writes all of `bytes` to a non-blocking `descriptor` (a child's stdin), waiting for room
  /// until `deadline` (monotonic nanoseconds): ``writeAllReturningErrno(_:_:)``'s loop with a
  /// deadline. Usually one `write`.
  ///
  /// A write to a pipe whose reader is gone must not end the process with SIGPIPE, and the
  /// process's own handling of SIGPIPE (for its stdout) must not change: SIGPIPE is blocked for
  /// this thread only during the write, and the one a failed write raises is taken back before
  /// the old mask is restored. (A SIGPIPE that some other cause sends to the process in that
  /// instant is taken with it; when the caller had SIGPIPE blocked already, nothing is taken.)
  package static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, until deadline: UInt64
  ) -> DeadlineWrite {
    var block = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &block, &previous)
    var brokenPipe = false
    defer {
      if brokenPipe, sigismember(&previous, SIGPIPE) == 0 {
        var zero = timespec()
        _ = sigtimedwait(&block, nil, &zero)
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    guard let base = bytes.baseAddress else { return .written }
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, base + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        let milliseconds = MonotonicClock.milliseconds(until: deadline)
        guard milliseconds > 0 else { return .timedOut }
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, milliseconds)
      case EPIPE:
        brokenPipe = true
        return .closed
      default:
        return .closed
      }
    }
    return .written
  }
}
