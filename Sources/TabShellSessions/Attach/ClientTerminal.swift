import TabShellPlatform

/// The terminal of an attached client, set up as the full-screen mode sets its own up
/// (docs/Contract.md, "The full-screen mode"): raw input with the signal keys off (Ctrl-C,
/// Ctrl-Z and Ctrl-\ are bytes for the session), the alternate screen, mouse reports of presses,
/// drags and the wheel in SGR form, bracketed paste; the screen cleared and the cursor hidden
/// until the first frame places it. ``leave()`` is the exact inverse, once, and resets the
/// cursor's shape that the session's frames may have set, when the terminal takes it.
///
/// Isolation: the client's thread.
struct ClientTerminal {
  /// The terminal's input and output.
  let input: Int32
  let output: Int32
  /// Whether leaving resets the cursor's shape (DECSCUSR 0, `ESC [ 0 SP q`).
  let resetsCursorShape: Bool
  private var saved: TerminalAttributes?

  /// The DEC private modes set on entering, in order (as the full-screen mode's standard
  /// features: 1049 alternate screen, 1000/1002/1006 the mouse, 2004 bracketed paste).
  static let modes = [1049, 1000, 1002, 1006, 2004]

  /// The bytes written on entering: each mode set, the screen cleared, the cursor hidden.
  static var enterSequence: [UInt8] {
    Array((modes.map { "\u{1B}[?\($0)h" }.joined() + "\u{1B}[H\u{1B}[2J\u{1B}[?25l").utf8)
  }

  /// The bytes written on leaving: an open synchronized update closed, the pen reset, the cursor
  /// shown (and of the terminal's default shape, with `cursorShape`), each mode reset in reverse
  /// order (the alternate screen last).
  static func leaveSequence(cursorShape: Bool) -> [UInt8] {
    Array(
      ("\u{1B}[?2026l\u{1B}[m\u{1B}[?25h" + (cursorShape ? "\u{1B}[0 q" : "")
        + modes.reversed().map { "\u{1B}[?\($0)l" }.joined())
        .utf8)
  }

  /// Whether the terminal `TERM` names takes the cursor's shape: `xterm*`, as tmux 3.3a takes
  /// it by default (the client reads no terminfo).
  static func takesCursorShape(environment: [String: String]) -> Bool {
    environment["TERM"]?.hasPrefix("xterm") == true
  }

  init(input: Int32 = 0, output: Int32 = 1, resetsCursorShape: Bool = false) {
    self.input = input
    self.output = output
    self.resetsCursorShape = resetsCursorShape
  }

  /// Takes the terminal; `false` (and nothing changed) when it is not a terminal or refuses raw
  /// mode.
  mutating func enter() -> Bool {
    guard saved == nil, let attributes = TerminalAttributes.of(input),
      attributes.raw(signalKeys: false).apply(to: input)
    else { return false }
    saved = attributes
    guard (try? SystemIO.writeAll(output, Self.enterSequence)) != nil else {
      leave()
      return false
    }
    return true
  }

  /// Gives the terminal back as it was (once).
  mutating func leave() {
    guard let attributes = saved else { return }
    saved = nil
    _ = try? SystemIO.writeAll(output, Self.leaveSequence(cursorShape: resetsCursorShape))
    _ = attributes.apply(to: input)
  }
}
