import Testing

@testable import TabShellTerminalScreen

/// SM and RM (DECSET and DECRST too) set or reset every mode they name, in turn, as xterm and
/// tmux do (docs/Contract.md, "Terminal tabs", Emulation): libvterm 0.1.4 took the first only, so
/// ncurses' `ESC [ ? 1006 ; 1000 h` left the mouse off and curses programs got no clicks.
/// TmuxComparisonTests compares the screens with tmux's; Tests/tui/test_terminal_tabs.py clicks in
/// a curses program.
struct ModeSetTests {
  static func write(_ emulator: TerminalEmulator, _ text: String) {
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
  }

  static func row(_ emulator: TerminalEmulator, _ row: Int) -> String {
    var text = TerminalResizeFaultTests.text(of: emulator, row: row)
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The mouse on as ncurses turns it on (button events, reported in SGR's form), then off.
  @Test func ncursesMouseSequenceTurnsReportingOnInSGRForm() throws {
    let emulator = try #require(TerminalEmulator(rows: 5, columns: 20, scrollback: 0))
    var sent: [UInt8] = []
    emulator.onOutput = { sent += Array($0) }
    Self.write(emulator, "\u{1B}[?1006;1000h")
    #expect(emulator.mouseReporting)
    emulator.mouse(button: 1, pressed: true, row: 2, column: 3, modifiers: .init(0))
    emulator.mouse(button: 1, pressed: false, row: 2, column: 3, modifiers: .init(0))
    #expect(String(decoding: sent, as: UTF8.self) == "\u{1B}[<0;4;3M\u{1B}[<0;4;3m")
    Self.write(emulator, "\u{1B}[?1000;1006l")
    #expect(!emulator.mouseReporting)
  }

  /// Insert mode set second: the plain text path, which insert mode turns off, knows it too.
  @Test func insertModeSetAfterAnotherModeInserts() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 30, scrollback: 0))
    Self.write(emulator, "XYZ\r\u{1B}[20;4h12345678901\u{1B}[4;20l\r\nabcdefghijkl")
    #expect(Self.row(emulator, 0) == "12345678901XYZ")
    #expect(Self.row(emulator, 1) == "abcdefghijkl")
  }

  /// The alternate screen with the cursor saved, and back with it restored, named with another
  /// mode: before it and after it.
  @Test func theAlternateScreenWithAnotherModeSavesAndRestoresTheCursor() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, "\u{1B}[31mabc\u{1B}[?25;1049hdef")
    #expect(Self.row(emulator, 0) == "   def")
    Self.write(emulator, "\u{1B}[0;32m\u{1B}[?1049;25lg")
    #expect(Self.row(emulator, 0) == "abcg")
    #expect(!emulator.cursorVisible)
    // The pen saved with the cursor (red) is back.
    let red = emulator.style(of: emulator.cell(row: 0, column: 2))
    #expect(red != .default && emulator.style(of: emulator.cell(row: 0, column: 3)) == red)
  }

  /// A parameter left out names no mode; the others are still set.
  @Test func aParameterLeftOutIsSkipped() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, "\u{1B}[?;1000h")
    #expect(emulator.mouseReporting)
    Self.write(emulator, "\u{1B}[?25;;1000l")
    #expect(!emulator.mouseReporting && !emulator.cursorVisible)
  }
}
