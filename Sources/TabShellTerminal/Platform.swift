// The C library, said once: termios, window size, signals and raw writes. Everything else in this
// module is plain Swift.
import TabShellPlatform

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's attributes (termios), saved to be restored.
struct TerminalAttributes: Sendable {
  fileprivate var value: termios

  /// The attributes of the terminal on `fd`, or `nil` when it is not a terminal.
  static func of(_ fd: Int32) -> TerminalAttributes? {
    var value = termios()
    return tcgetattr(fd, &value) == 0 ? TerminalAttributes(value: value) : nil
  }

  /// Sets them on `fd` once the output written so far is sent, and drops the input not read yet
  /// when `discardingInput` (mouse reports still in flight when the mode is left); returns whether
  /// it worked. Async-signal-safe.
  func apply(to fd: Int32, discardingInput: Bool = false) -> Bool {
    var copy = value
    while tcsetattr(fd, discardingInput ? TCSAFLUSH : TCSADRAIN, &copy) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }

  /// Raw input: no echo, no line editing, bytes one at a time (VMIN 1), no flow control (Ctrl-S
  /// and Ctrl-Q reach readline), CR not turned into LF, 8 bits. Ctrl-C, Ctrl-Z and Ctrl-\ send
  /// signals only when `signalKeys` is true (ISIG). Output processing (OPOST, ONLCR) is kept, as
  /// readline's own raw mode keeps it.
  func raw(signalKeys: Bool) -> TerminalAttributes {
    var raw = value
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN | ISIG)
    if signalKeys { raw.c_lflag |= tcflag_t(ISIG) }
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    return TerminalAttributes(value: raw)
  }
}

enum TerminalPlatform {
  /// Whether `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Writes all of `bytes` to `fd`, retrying after interruptions and short writes.
  @discardableResult
  static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in writeAll(buffer.baseAddress, count: buffer.count, to: fd) }
  }

  /// Every byte written (``SystemIO``'s loop: EINTR made again, a non-blocking terminal waited
  /// for); async-signal-safe (no allocation, no lock).
  static func writeAll(_ start: UnsafeRawPointer?, count: Int, to fd: Int32) -> Bool {
    guard let start else { return count == 0 }
    return SystemIO.writeAllReturningErrno(fd, UnsafeRawBufferPointer(start: start, count: count))
      == nil
  }

  /// The signals that end a process with a crash: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
  /// SIGTRAP, SIGSYS (a failed Swift check is SIGILL or SIGTRAP).
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

  /// The actions that ``installRestoring(_:for:)`` replaced, by signal number; allocated once, before
  /// any handler can run.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()

  /// Installs `handler` for `signal`, without blocking the signal while it runs (so that it can
  /// raise it again), and keeps the action it replaces for ``raiseWithPreviousAction(_:)``;
  /// returns whether it worked.
  static func installRestoring(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) -> Bool
  {
    guard signal > 0, signal < 65 else { return false }
    var action = sigaction()
    #if canImport(Glibc) || canImport(Musl)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    // On the alternate stack the crash handler set up, so that a stack overflow is caught too.
    action.sa_flags = Int32(bitPattern: UInt32(SA_NODEFER) | UInt32(SA_ONSTACK))
    return sigaction(signal, &action, previousActions + Int(signal)) == 0
  }

  /// Puts back the action that ``installRestoring(_:for:)`` replaced (the default action, or the
  /// Swift runtime's backtracer) and raises `signal` again, so that it does what it did before.
  /// Async-signal-safe.
  static func raiseWithPreviousAction(_ number: Int32) {
    if number > 0, number < 65 {
      sigaction(number, previousActions + Int(number), nil)
    } else {
      signal(number, SIG_DFL)
    }
    raise(number)
  }

  /// Runs `body` at `exit`.
  static func atExit(_ body: @convention(c) () -> Void) { atexit(body) }
}
