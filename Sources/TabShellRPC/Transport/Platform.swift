#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library, said once: the calls of the transport that need more than a plain import.
enum Platform {
  typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32)
    -> Int32
  typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
  typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

  /// glibc ≥ 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time (the Glibc
  /// module does not export it): the child closes every descriptor from 3 on.
  static let addCloseFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
  /// Linux ≥ 5.3's `pidfd_open` (glibc ≥ 2.36): a descriptor that becomes readable when the child
  /// exits, so that `poll` notices an exit as it notices output.
  static let pidfdOpen: PidfdOpen? = symbol("pidfd_open")

  /// `pipe2` (not exported by the Glibc module either): both ends close-on-exec from the start.
  private static let pipe2: Pipe2? = symbol("pipe2")

  /// A pipe whose ends are close-on-exec (atomically where `pipe2` exists), or `nil` and `errno`.
  static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    if let pipe2 {
      guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
    } else {
      guard pipe(&ends) == 0 else { return nil }
      for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    return (ends[0], ends[1])
  }

  private static func symbol<T>(_ name: String) -> T? {
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(address, to: T.self)
  }

  /// Nanoseconds on the monotonic clock.
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The C library's words for an `errno` value.
  static func message(forErrno code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// The signal's name, such as `SIGKILL`, or `signal N`.
  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
      SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
      SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2",
      SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU",
    ]
    return names[signal] ?? "signal \(signal)"
  }

  /// A descriptor moved to 3 or above (close-on-exec), so that setting up a child's 0, 1 and 2
  /// never overwrites it; descriptors already there are left as they are.
  static func aboveStandardStreams(_ fd: Int32) -> Int32 {
    guard fd >= 0, fd < 3 else { return fd }
    let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
    close(fd)
    return moved
  }

  /// `write(2)`, under a name that no method shadows.
  static func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
  }

  /// Sets `O_NONBLOCK` on a descriptor.
  static func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
  }

  /// `poll` on descriptors for reading (a negative one is skipped), waiting at most `milliseconds`
  /// (-1: no limit); an interrupted call counts as nothing ready. Returns which were ready
  /// (readable, hung up or in error).
  static func pollReadable(_ fds: [Int32], milliseconds: Int32) -> [Bool] {
    var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = entries.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t($0.count), milliseconds)
    }
    guard count > 0 else { return Array(repeating: false, count: fds.count) }
    return entries.map { $0.fd >= 0 && $0.revents != 0 }
  }

  /// Milliseconds from now until `deadline` (nanoseconds on the monotonic clock), rounded up,
  /// never negative.
  static func milliseconds(until deadline: UInt64) -> Int32 {
    let now = now()
    guard deadline > now else { return 0 }
    return Int32(clamping: (deadline - now + 999_999) / 1_000_000)
  }
}
