#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// What a write to the child's stdin did.
  package enum WriteResult: Equatable, Sendable {
    /// Every byte was written.
    case written
    /// The pipe stayed full until the deadline: the child does not read.
    case timedOut
    /// The child's end is closed (it closed its stdin, or exited).
    case closed
  }

  /// Writes all of `bytes` to the child's stdin, waiting for room in the pipe until `deadline`
  /// (monotonic nanoseconds). Usually one `write`.
  ///
  /// A write to a child that is gone must not end the host with SIGPIPE, and the host's own
  /// handling of SIGPIPE (for its stdout) must not change: SIGPIPE is blocked for this thread only
  /// during the write, and the one a failed write raises is taken back before the old mask is
  /// restored. (A SIGPIPE that some other cause sends to the process in that instant is taken
  /// with it; when the caller had SIGPIPE blocked already, nothing is taken.)
  package func write(_ bytes: UnsafeRawBufferPointer, until deadline: UInt64) -> WriteResult {
    guard stdin >= 0 else { return .closed }
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
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { return .written }
      let count = Platform.writeBytes(stdin, base + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        let milliseconds = Platform.milliseconds(until: deadline)
        guard milliseconds > 0 else { return .timedOut }
        var entry = pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)
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
