import CPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Descriptors made and set up: pipes, non-blocking and close-on-exec flags, `poll`.
extension SystemIO {
  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

  /// `pipe2` (not exported by the Glibc module), looked up once at run time.
  private static let pipe2: Pipe2? = SharedLibrary.loadedSymbol("pipe2").map {
    unsafeBitCast($0, to: Pipe2.self)
  }

  /// A pipe whose ends are close-on-exec (atomically where `pipe2` exists): `(read, write)`.
  package static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    if let pipe2 {
      guard pipe2(&ends, O_CLOEXEC) == 0 else { throw .current }
    } else {
      guard pipe(&ends) == 0 else { throw .current }
      for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    return (ends[0], ends[1])
  }

  /// Opens `/dev/null` for reading and writing (close-on-exec); -1 when it cannot.
  package static func openNullDevice() -> Int32 {
    open("/dev/null", O_RDWR | O_CLOEXEC)
  }

  /// Makes `target` (0, 1 or 2 in a child about to run) a copy of `descriptor` (`dup2`).
  package static func redirect(_ descriptor: Int32, to target: Int32) {
    _ = dup2(descriptor, target)
  }

  /// Closes every descriptor from 3 on but `keep`: a process that goes on alone (a session's
  /// server) keeps nothing its parent had open.
  package static func closeDescriptors(except keep: Int32) {
    tabshell_close_descriptors_except(keep)
  }

  /// Sets `O_NONBLOCK` on a descriptor: a read or write that would wait fails with `EAGAIN`.
  package static func setNonBlocking(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
  }

  /// A descriptor moved to 3 or above (close-on-exec), so that setting up a child's 0, 1 and 2
  /// never overwrites it; descriptors already there are left as they are.
  package static func aboveStandardStreams(_ descriptor: Int32) -> Int32 {
    guard descriptor >= 0, descriptor < 3 else { return descriptor }
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
    close(descriptor)
    return moved
  }

  /// `poll` on descriptors for reading (a negative one is skipped), waiting at most `milliseconds`
  /// (-1: no limit); an interrupted call counts as nothing ready. Returns which were ready
  /// (readable, hung up or in error).
  package static func pollReadable(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = entries.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), milliseconds)
    }
    guard count > 0 else { return Array(repeating: false, count: descriptors.count) }
    return entries.map { $0.fd >= 0 && $0.revents != 0 }
  }

  /// Reads once from a non-blocking `descriptor` into `buffer` (an interrupted read is made
  /// again): how many bytes (0 at the end), or ``ReadOnce/wouldBlock`` when nothing is there yet.
  package static func readOnce(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> ReadOnce
  {
    guard let base = buffer.baseAddress else { return .read(0) }
    var count: Int
    repeat { count = cReadOnce(descriptor, base, buffer.count) } while count < 0 && errno == EINTR
    if count >= 0 { return .read(count) }
    return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(.current)
  }

  /// Writes once to `descriptor` what it takes of `bytes` (one `write(2)`, nothing retried);
  /// returns how many bytes, or -1. Async-signal-safe: a signal handler's wake-up byte.
  @discardableResult
  package static func writeOnce(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    return write(descriptor, base, bytes.count)
  }

  /// What ``readOnce(_:into:)`` did.
  package enum ReadOnce: Equatable, Sendable {
    /// This many bytes (0: the end).
    case read(Int)
    /// Nothing to read now.
    case wouldBlock
    /// The read failed.
    case failed(SystemError)
  }
}

/// `read(2)`, named apart from ``SystemIO/read(_:into:)-(_,UnsafeMutableRawBufferPointer)``.
private func cReadOnce(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
