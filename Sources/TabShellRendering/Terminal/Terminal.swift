import TabShellPlatform

extension Renderer {
  /// The colour mode for an output stream.
  ///
  /// `.none` when `NO_COLOR` is set to anything but the empty string, `TERM` is `dumb`,
  /// `forcedOff` (`--no-color`), or the stream is not a terminal; `.trueColor` when `COLORTERM` is
  /// `truecolor` or `24bit`; else what `TERM`'s terminfo entry says, as `tput colors` does
  /// (``TerminalColors``): 24-bit for a direct-colour entry, `.ansi256` for 256 colours or more,
  /// `.ansi8` for 8 or 16 (`TERM=xterm`), `.none` for fewer (`vt100`); `.ansi256` with no `TERM`.
  package static func detectColorMode(
    environment: [String: String], isTerminal: Bool, forcedOff: Bool
  ) -> ColorMode {
    if forcedOff || !isTerminal { return .none }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    if environment["TERM"] == "dumb" { return .none }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: break
    }
    guard let term = environment["TERM"], !term.isEmpty else { return .ansi256 }
    let colors = TerminalColors.count(term: term, environment: environment)
    switch colors {
    case TerminalColors.direct...: return .trueColor
    case 256...: return .ansi256
    case 8...: return .ansi8
    default: return .none
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
