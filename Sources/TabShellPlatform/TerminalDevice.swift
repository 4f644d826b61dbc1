#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Questions asked of a terminal on a descriptor: whether it is one, and its size.
package enum TerminalDevice {
  /// Whether `descriptor` is a terminal (`isatty`).
  package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The size the terminal on `descriptor` gives (`TIOCGWINSZ`), in columns and rows, either of
  /// which may be 0 (it does not say); `nil` when it is not a terminal.
  package static func windowSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
