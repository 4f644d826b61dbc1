import TabShellPlatform

extension Renderer {
  /// The colour mode for an output stream (docs/Contract.md, "The canvas").
  ///
  /// `.none` (no escape sequence at all) when the stream is not a terminal or `TERM` is `dumb`;
  /// `.monochrome` (attributes, no colour) when `NO_COLOR` is set to anything but the empty
  /// string or `forcedOff` (`--no-color`); `.trueColor` when `COLORTERM` is `truecolor` or
  /// `24bit`, or when `TERM`'s terminfo entry has `Tc` or `RGB` (tmux's reading); else what its
  /// `colors` number says, as `tput colors` does (``TerminalColors``):
  /// 24-bit for a direct-colour entry (2^24 colours), `.ansi256` for 256 or more, `.ansi16` for
  /// 16 or more, `.ansi8` for 8 or more (`TERM=xterm`), `.monochrome` for fewer (`vt100`);
  /// `.ansi256` with no `TERM`.
  package static func detectColorMode(
    environment: [String: String], isTerminal: Bool, forcedOff: Bool
  ) -> ColorMode {
    if !isTerminal || environment["TERM"] == "dumb" { return .none }
    if forcedOff { return .monochrome }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: break
    }
    guard let term = environment["TERM"], !term.isEmpty else { return .ansi256 }
    if TerminalColors.saysRGB(term: term, environment: environment) { return .trueColor }
    return colorMode(colors: TerminalColors.count(term: term, environment: environment))
  }

  /// The colour mode of a terminal with `colors` colours (terminfo's number; -1 for none).
  package static func colorMode(colors: Int) -> ColorMode {
    switch colors {
    case TerminalColors.direct...: .trueColor
    case 256...: .ansi256
    case 16...: .ansi16
    case 8...: .ansi8
    default: .monochrome
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
