#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal's attributes (termios), saved to be restored.
package struct TerminalAttributes: Sendable {
  private var value: termios

  /// The attributes of the terminal on `fd`, or `nil` when it is not a terminal.
  package static func of(_ fd: Int32) -> TerminalAttributes? {
    var value = termios()
    return tcgetattr(fd, &value) == 0 ? TerminalAttributes(value: value) : nil
  }

  /// Sets them on `fd` once the output written so far is sent, and drops the input not read yet
  /// when `discardingInput` (mouse reports still in flight when the mode is left); returns whether
  /// it worked. Async-signal-safe.
  package func apply(to fd: Int32, discardingInput: Bool = false) -> Bool {
    var copy = value
    while tcsetattr(fd, discardingInput ? TCSAFLUSH : TCSADRAIN, &copy) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }

  /// Sets them on `fd` at once, output still pending or not (`TCSANOW`: a signal handler cannot
  /// wait for a terminal that does not drain); returns whether it worked. Async-signal-safe.
  package func applyNow(to fd: Int32) -> Bool {
    var copy = value
    return tcsetattr(fd, TCSANOW, &copy) == 0
  }

  /// Raw input: no echo, no line editing, bytes one at a time (VMIN 1), no flow control (Ctrl-S
  /// and Ctrl-Q reach readline), CR not turned into LF, 8 bits. Ctrl-C, Ctrl-Z and Ctrl-\ send
  /// signals only when `signalKeys` is true (ISIG). Output processing (OPOST, ONLCR) is kept, as
  /// readline's own raw mode keeps it.
  package func raw(signalKeys: Bool) -> TerminalAttributes {
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
