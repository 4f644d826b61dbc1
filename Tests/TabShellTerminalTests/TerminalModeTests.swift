import Glibc
import TabShellTerminal
import Testing

/// The DEC private modes a sequence sets (`true`) and resets, in order.
func privateModes(_ bytes: [UInt8]) -> [(Int, Bool)] {
  let text = String(decoding: bytes, as: UTF8.self)
  var modes: [(Int, Bool)] = []
  for part in text.split(separator: "\u{1B}[?", omittingEmptySubsequences: false).dropFirst() {
    let digits = part.prefix { $0.isNumber }
    guard let mode = Int(digits), let final = part.dropFirst(digits.count).first else { continue }
    modes.append((mode, final == "h"))
  }
  return modes
}

// Raw mode and the emergency restore are process-wide: these tests run one at a time.
@Suite(.serialized) struct TerminalModeTests {
  @Test func theStandardSequences() {
    let mode = TerminalMode()
    #expect(
      String(decoding: mode.enterSequence, as: UTF8.self)
        == "\u{1B}[?1049h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[H\u{1B}[2J"
        + "\u{1B}[?25l")
    #expect(
      String(decoding: mode.leaveSequence, as: UTF8.self)
        == "\u{1B}[?2026l\u{1B}[m\u{1B}[?25h\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l"
        + "\u{1B}[?1000l\u{1B}[?1049l")
    // A terminal that takes the cursor's shape gets it back to its default, after the cursor.
    #expect(
      String(
        decoding: TerminalMode(features: [.standard, .cursorShape]).leaveSequence, as: UTF8.self)
        == "\u{1B}[?2026l\u{1B}[m\u{1B}[?25h\u{1B}[0 q\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l"
        + "\u{1B}[?1000l\u{1B}[?1049l")
    #expect(TerminalMode(features: [.standard, .cursorShape]).enterSequence == mode.enterSequence)
  }

  static let features: [TerminalMode.Features] = [
    .standard, [], .alternateScreen, [.mouse, .mouseMotion],
    [.standard, .mouseMotion, .focusEvents],
    [.bracketedPaste, .focusEvents], [.standard, .focusEvents, .cursorShape],
  ]

  @Test(arguments: features)
  func leavingUndoesEachModeInReverseOrder(features: TerminalMode.Features) {
    let mode = TerminalMode(features: features)
    let entered = privateModes(mode.enterSequence)
    // Leaving first closes a synchronized update a crash may have left open.
    let left = privateModes(mode.leaveSequence)
    #expect(left.first.map { $0.0 == 2026 && !$0.1 } == true)
    let undone = left.dropFirst().map { ($0.0, !$0.1) }
    #expect(undone.map(\.0) == entered.reversed().map(\.0))
    #expect(undone.map(\.1) == entered.reversed().map(\.1))
    #expect(entered.contains { $0.0 == 1003 } == features.contains([.mouse, .mouseMotion]))
    #expect(entered.contains { $0.0 == 1004 } == features.contains(.focusEvents))
  }

  @Test func refusesWhatIsNoTerminal() throws {
    let terminal = try PseudoTerminal()
    let null = open("/dev/null", O_RDWR)
    defer { close(null) }
    let xterm = ["TERM": "xterm-256color"]
    #expect(
      TerminalMode.unavailability(environment: xterm, input: terminal.slave, output: terminal.slave)
        == nil)
    #expect(
      TerminalMode.unavailability(
        environment: ["TERM": "dumb"], input: terminal.slave, output: terminal.slave)
        == .dumbTerminal)
    #expect(
      TerminalMode.unavailability(environment: [:], input: terminal.slave, output: terminal.slave)
        == .noTerm)
    #expect(
      TerminalMode.unavailability(environment: xterm, input: null, output: terminal.slave)
        == .notATerminal)
    #expect(
      TerminalMode.unavailability(environment: xterm, input: terminal.slave, output: null)
        == .notATerminal)
    #expect(
      TerminalUnavailable.dumbTerminal.description
        == "the full-screen mode cannot run on a dumb terminal (TERM=dumb)")
    var mode = TerminalMode(input: null, output: null)
    #expect(throws: TerminalModeError.notATerminal) { try mode.enter() }
  }

  @Test func readsTheSize() throws {
    let terminal = try PseudoTerminal(columns: 200, rows: 60)
    #expect(TerminalMode.size(of: terminal.slave).map { [$0.columns, $0.rows] } == [200, 60])
    let null = open("/dev/null", O_RDWR)
    defer { close(null) }
    #expect(TerminalMode.size(of: null) == nil)
  }

  @Test func entersRawModeAndLeavesItAsItWas() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.attributes
    var mode = TerminalMode(input: terminal.slave, output: terminal.slave)
    try mode.enter()
    #expect(mode.isActive)
    #expect(terminal.readOutput() == mode.enterSequence)
    let raw = terminal.attributes
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag == before.c_oflag)
    // Bytes arrive one by one, unechoed, untranslated; Ctrl-C is a byte, not a signal.
    terminal.type([0x61, 0x0D, 0x03, 0x13])
    #expect(terminal.readInput() == [0x61, 0x0D, 0x03, 0x13])
    #expect(terminal.readOutput() == [])
    try mode.enter()
    #expect(terminal.readOutput() == [])
    mode.leave()
    #expect(!mode.isActive)
    #expect(terminal.readOutput() == mode.leaveSequence)
    #expect(sameSettings(terminal.attributes, before))
    mode.leave()
    #expect(terminal.readOutput() == [])
  }

  @Test func signalKeysCanBeTurnedOnForALongCommand() throws {
    let terminal = try PseudoTerminal()
    var mode = TerminalMode(input: terminal.slave, output: terminal.slave)
    #expect(!mode.setSignalKeys(true))
    try mode.enter()
    #expect(mode.setSignalKeys(true))
    #expect(terminal.attributes.c_lflag & tcflag_t(ISIG) != 0)
    #expect(terminal.attributes.c_lflag & tcflag_t(ICANON | ECHO) == 0)
    #expect(mode.setSignalKeys(false))
    #expect(terminal.attributes.c_lflag & tcflag_t(ISIG) == 0)
    mode.leave()
  }

  @Test func theEmergencyRestoreGivesTheTerminalBackOnce() throws {
    let terminal = try PseudoTerminal()
    let before = terminal.attributes
    var mode = TerminalMode(input: terminal.slave, output: terminal.slave)
    try mode.enter()
    _ = terminal.readOutput()
    #expect(TerminalMode.restoreNow())
    #expect(terminal.readOutput() == mode.leaveSequence)
    #expect(sameSettings(terminal.attributes, before))
    #expect(!mode.isActive)
    #expect(!TerminalMode.restoreNow())
    mode.leave()
    #expect(terminal.readOutput() == [])
  }
}
