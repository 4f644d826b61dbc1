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
    withoutBrokenPipeSignal { brokenPipe in
      writeAll(descriptor, bytes, until: deadline, brokenPipe: &brokenPipe)
    }
  }

  private static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, until deadline: UInt64,
    brokenPipe: inout Bool
  ) -> DeadlineWrite {
    var rest = bytes
    while !rest.isEmpty {
      guard case .wrote(let count) = writeSome(descriptor, rest, brokenPipe: &brokenPipe) else {
        return .closed
      }
      rest = UnsafeRawBufferPointer(rebasing: rest[count...])
      guard !rest.isEmpty else { break }
      let milliseconds = MonotonicClock.milliseconds(until: deadline)
      guard milliseconds > 0 else { return .timedOut }
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&entry, 1, milliseconds)
    }
    return .written
  }
}

extension SystemIO {
  /// What ``writeSome(_:_:)`` did.
  package enum SomeWrite: Equatable, Sendable {
    /// This many bytes were written (0: the descriptor is full now).
    case wrote(Int)
    /// Its reader is gone (a closed pipe) or the write failed.
    case closed
  }

  /// Writes what a non-blocking `descriptor` (a child's stdin) takes of `bytes` now, never
  /// waiting, SIGPIPE kept from the process as ``writeAll(_:_:until:)`` keeps it.
  package static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SomeWrite {
    withoutBrokenPipeSignal { brokenPipe in writeSome(descriptor, bytes, brokenPipe: &brokenPipe) }
  }

  fileprivate static func writeSome(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, brokenPipe: inout Bool
  ) -> SomeWrite {
    guard let base = bytes.baseAddress else { return .wrote(0) }
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, base + offset, bytes.count - offset)
      if count >= 0 {
        offset += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wrote(offset)
      case EPIPE:
        brokenPipe = true
        return .closed
      default:
        return .closed
      }
    }
    return .wrote(offset)
  }
}

extension SystemIO {
  /// Runs `body` with SIGPIPE blocked for this thread; when `body` says a write found the pipe
  /// closed, the SIGPIPE it raised is taken back before the old mask is restored.
  fileprivate static func withoutBrokenPipeSignal<Result>(_ body: (inout Bool) -> Result) -> Result
  {
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
    return body(&brokenPipe)
  }
}
