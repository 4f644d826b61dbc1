import TabShellPlatform

extension Renderer {
  /// The colour mode for an output stream.
  ///
  /// `.none` when `NO_COLOR` is set to anything but the empty string, `TERM` is `dumb`,
  /// `forcedOff` (`--no-color`), or the stream is not a terminal; `.trueColor` when `COLORTERM` is
  /// `truecolor` or `24bit`; else `.ansi256`.
  package static func detectColorMode(
    environment: [String: String], isTerminal: Bool, forcedOff: Bool
  ) -> ColorMode {
    if forcedOff || !isTerminal { return .none }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    if environment["TERM"] == "dumb" { return .none }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: return .ansi256
    }
  }

  /// The width in columns of the terminal on a file descriptor (TIOCGWINSZ), or `nil` when it is
  /// not a terminal or does not say.
  package static func terminalWidth(fd: Int32) -> Int? {
    guard let size = TerminalDevice.windowSize(fd), size.columns > 0 else { return nil }
    return size.columns
  }

  /// The size in columns and rows of the terminal on a file descriptor (TIOCGWINSZ), or `nil` when
  /// it is not a terminal or does not say (a zero in either).
  package static func terminalSize(fd: Int32) -> (columns: Int, rows: Int)? {
    guard let size = TerminalDevice.windowSize(fd), size.columns > 0, size.rows > 0 else {
      return nil
    }
    return size
  }
}
