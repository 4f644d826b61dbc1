import TabShellPlatform
import TabShellRendering

/// The full-screen state of a terminal, and the way back: raw input, the alternate screen, mouse
/// reporting, bracketed paste; and their exact inverse.
///
/// The full-screen loop checks ``unavailability(environment:input:output:)`` first (a usage error
/// with its message when there is no terminal or `TERM=dumb`), calls ``restoreOnCrash()`` once,
/// then ``enter()``. It reads ``size(of:)`` at start and on SIGWINCH. It leaves with ``leave()`` on
/// every normal way out (quit, Ctrl-D, `q`, SIGTERM or SIGHUP from its signal pipe), and for Ctrl-Z
/// it leaves, stops itself with SIGTSTP, enters again after SIGCONT and redraws in full.
///
/// Signal keys: the raw mode turns ISIG off, so Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys (the
/// decoder's Ctrl-C, Ctrl-Z, Ctrl-\) and the loop decides what they do, between frames, instead of
/// a signal arriving in the middle of one. While a long command runs and the loop does not read
/// input, ``setSignalKeys(_:)`` can turn ISIG on so that Ctrl-C interrupts it.
///
/// One mode is active at a time: entering arms the process-wide emergency restore
/// (``restoreNow()``), which a crash handler, an `atexit` function or a signal handler can run.
package struct TerminalMode: Sendable {
  /// The terminal features the mode turns on.
  package struct Features: OptionSet, Hashable, Sendable {
    /// The bits.
    package var rawValue: UInt8
    /// Makes features from bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The alternate screen (mode 1049): the shell's screen comes back on leaving.
    package static let alternateScreen = Features(rawValue: 1)
    /// Mouse reports of presses, releases, drags and the wheel, in SGR form (modes 1000, 1002,
    /// 1006).
    package static let mouse = Features(rawValue: 2)
    /// Mouse reports of every motion, without a button too (mode 1003; needs ``mouse``).
    package static let mouseMotion = Features(rawValue: 4)
    /// Bracketed paste (mode 2004).
    package static let bracketedPaste = Features(rawValue: 8)
    /// Focus in and out reports (mode 1004).
    package static let focusEvents = Features(rawValue: 16)
    /// The cursor's shape, which frames set (DECSCUSR): reset to the terminal's default on
    /// leaving (`ESC [ 0 SP q`).
    package static let cursorShape = Features(rawValue: 32)

    /// The full-screen mode's features: alternate screen, mouse, bracketed paste.
    package static let standard: Features = [.alternateScreen, .mouse, .bracketedPaste]
  }

  /// The file descriptor read for input, whose attributes the mode changes.
  package let input: Int32
  /// The file descriptor written to.
  package let output: Int32
  /// The features turned on.
  package let features: Features
  /// Whether the mode is entered (and not left, by ``leave()`` or ``restoreNow()``).
  package var isActive: Bool { saved != nil && EmergencyRestore.isArmed }

  private var saved: TerminalAttributes?

  /// Makes a mode for a terminal (standard input and output by default). Nothing changes until
  /// ``enter()``.
  package init(input: Int32 = 0, output: Int32 = 1, features: Features = .standard) {
    self.input = input
    self.output = output
    self.features = features
  }

  /// The DEC private modes the features turn on, in the order they are set.
  private var modes: [Int] {
    var modes: [Int] = []
    if features.contains(.alternateScreen) { modes.append(1049) }
    if features.contains(.mouse) {
      modes += [1000, 1002]
      if features.contains(.mouseMotion) { modes.append(1003) }
      modes.append(1006)
    }
    if features.contains(.bracketedPaste) { modes.append(2004) }
    if features.contains(.focusEvents) { modes.append(1004) }
    return modes
  }

  /// The bytes written on entering: each mode set (`ESC [ ? N h`), the screen cleared, the cursor
  /// hidden.
  package var enterSequence: [UInt8] {
    var text = ""
    for mode in modes { text += "\u{1B}[?\(mode)h" }
    text += "\u{1B}[H\u{1B}[2J\u{1B}[?25l"
    return Array(text.utf8)
  }

  /// The bytes written on leaving, the inverse of ``enterSequence``: a synchronized update that a
  /// crash left open is closed, the SGR reset, the cursor shown (with ``Features/cursorShape``,
  /// of the terminal's default shape), each mode reset in reverse order (the alternate screen
  /// last, which brings back the shell's screen and cursor).
  package var leaveSequence: [UInt8] {
    var text = "\u{1B}[?2026l\u{1B}[m\u{1B}[?25h"
    if features.contains(.cursorShape) { text += Self.defaultCursorShape }
    for mode in modes.reversed() { text += "\u{1B}[?\(mode)l" }
    return Array(text.utf8)
  }

  /// DECSCUSR 0: the cursor's shape back to the terminal's default, as its user set it (tmux
  /// 3.3a writes terminfo's `Se`, `ESC [ 2 SP q` for xterm, a steady block whatever the user set).
  package static let defaultCursorShape = "\u{1B}[0 q"

  /// Enters the mode: saves the input's attributes, sets raw input, writes ``enterSequence`` and
  /// arms the emergency restore. Entering an active mode does nothing.
  package mutating func enter() throws(TerminalModeError) {
    guard !isActive else { return }
    guard let attributes = TerminalAttributes.of(input) else { throw .notATerminal }
    guard attributes.raw(signalKeys: false).apply(to: input) else { throw .attributesRefused }
    saved = attributes
    EmergencyRestore.arm(
      output: output, input: input, attributes: attributes, sequence: leaveSequence)
    guard (try? SystemIO.writeAll(output, enterSequence)) != nil else {
      leave()
      throw .writeFailed
    }
  }

  /// Leaves the mode: writes ``leaveSequence`` and restores the saved attributes. Safe to call
  /// more than once, and after ``restoreNow()`` (it then does nothing).
  package mutating func leave() {
    guard saved != nil else { return }
    saved = nil
    EmergencyRestore.run()
  }

  /// Turns the signal keys (ISIG: Ctrl-C, Ctrl-Z, Ctrl-\ send signals) on or off while the mode is
  /// active; returns whether it worked.
  @discardableResult
  package func setSignalKeys(_ enabled: Bool) -> Bool {
    guard let saved, isActive else { return false }
    return saved.raw(signalKeys: enabled).apply(to: input)
  }
}

/// Why the terminal could not enter the full-screen mode.
package enum TerminalModeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input is not a terminal.
  case notATerminal
  /// The terminal refused the raw mode's attributes.
  case attributesRefused
  /// Writing the enter sequence failed (the attributes were restored).
  case writeFailed

  /// What went wrong, in words.
  package var description: String {
    switch self {
    case .notATerminal: "the input is not a terminal"
    case .attributesRefused: "the terminal refused raw mode"
    case .writeFailed: "could not write to the terminal"
    }
  }
}
