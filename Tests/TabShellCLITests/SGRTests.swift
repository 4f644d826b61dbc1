import Testing

@testable import TabShellTerminalScreen

/// A terminal tab reads SGR as tmux 3.3a reads it (``SGRParameters``): every attribute, the colon
/// forms as xterm writes them, out-of-range colours as tmux takes them; and the pen is saved with
/// the cursor and reset with the terminal, what libvterm lacks included.
@Suite struct SGRTests {
  static let red = TerminalStyle(foreground: .indexed(1))

  /// An SGR's parameters, the style before, the style after.
  @Test(arguments: [
    (
      "1;2;3;5;7;8;9;53", TerminalStyle(),
      TerminalStyle(attributes: [
        .bold, .dim, .italic, .blink, .reverse, .conceal, .strikethrough, .overline,
      ])
    ),
    (
      "22;23;25;27;28;29;55",
      TerminalStyle(attributes: [
        .bold, .dim, .italic, .blink, .reverse, .conceal, .strikethrough, .overline,
      ]), TerminalStyle()
    ),
    ("6", TerminalStyle(), TerminalStyle(attributes: .blink)),
    ("4", TerminalStyle(), TerminalStyle(underline: .single)),
    ("21", TerminalStyle(), TerminalStyle(underline: .double)),
    ("4:3", TerminalStyle(), TerminalStyle(underline: .curly)),
    ("4:4", TerminalStyle(), TerminalStyle(underline: .dotted)),
    ("4:5", TerminalStyle(), TerminalStyle(underline: .dashed)),
    ("4:0", TerminalStyle(underline: .curly), TerminalStyle()),
    ("4:6", TerminalStyle(underline: .curly), TerminalStyle(underline: .curly)),
    ("24", TerminalStyle(underline: .dashed), TerminalStyle()),
    // Colours: the 8, the bright 8, the 256, RGB; with `;` and with `:`.
    ("31;42", TerminalStyle(), TerminalStyle(foreground: .indexed(1), background: .indexed(2))),
    ("91;102", TerminalStyle(), TerminalStyle(foreground: .indexed(9), background: .indexed(10))),
    (
      "38;5;200;48;5;17", TerminalStyle(),
      TerminalStyle(
        foreground: .indexed(200), background: .indexed(17))
    ),
    ("38;2;10;200;30", TerminalStyle(), TerminalStyle(foreground: .rgb(10, 200, 30))),
    ("38:2::10:200:30", TerminalStyle(), TerminalStyle(foreground: .rgb(10, 200, 30))),
    ("38:2:0:10:200:30", TerminalStyle(), TerminalStyle(foreground: .rgb(10, 200, 30))),
    ("38:2:10:200:30", TerminalStyle(), TerminalStyle(foreground: .rgb(10, 200, 30))),
    ("48:5:100", TerminalStyle(), TerminalStyle(background: .indexed(100))),
    (
      "58:2::1:2:3;4", TerminalStyle(),
      TerminalStyle(
        underlineColor: .rgb(1, 2, 3), underline: .single)
    ),
    ("58;5;9", TerminalStyle(), TerminalStyle(underlineColor: .indexed(9))),
    ("59", TerminalStyle(underlineColor: .indexed(9)), TerminalStyle()),
    ("39;49", TerminalStyle(foreground: .indexed(1), background: .indexed(2)), TerminalStyle()),
    // What tmux does with colours out of range: a 256 colour past 255 is the default; an RGB one
    // is nothing, and its numbers are read as codes of their own.
    ("38;5;300", red, TerminalStyle()),
    ("38:5:300", red, TerminalStyle()),
    (
      "58;5;300", TerminalStyle(underlineColor: .indexed(3)),
      TerminalStyle(
        underlineColor: .indexed(3))
    ),
    ("38;2;300;1;2", red, TerminalStyle(foreground: .indexed(1), attributes: [.bold, .dim])),
    ("38:2::300:1:2", red, red),
    ("38;5", red, TerminalStyle()),
    ("38;7;1", red, TerminalStyle(foreground: .indexed(1), attributes: .bold)),
    // A reset, left out or written; what follows it.
    ("", red, TerminalStyle()),
    (";1", red, TerminalStyle(attributes: .bold)),
    ("0;31", TerminalStyle(attributes: .bold), red),
    // Ignored whole: a number past 2^31 − 1, more than 24 parameters.
    ("1;99999999999", red, red),
    (Array(repeating: "1", count: 25).joined(separator: ";"), red, red),
    (
      Array(repeating: "1", count: 24).joined(separator: ";"), red,
      TerminalStyle(
        foreground: .indexed(1), attributes: .bold)
    ),
    // Unknown codes and colon groups change nothing.
    ("10;11;60;4:1:2;7:1", red, red),
  ])
  func aPenAfterAnSGR(_ parameters: String, before: TerminalStyle, after: TerminalStyle) {
    var style = before
    SGRParameters(parameters).forEachOperation { style.apply($0) }
    #expect(style == after, "\(parameters)")
  }

  static func write(_ text: String, to emulator: TerminalEmulator) {
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
  }

  static func style(_ emulator: TerminalEmulator, column: Int) -> TerminalStyle {
    emulator.style(of: emulator.cell(row: 0, column: column))
  }

  @Test func thePenIsSavedWithTheCursorAndResetWithTheTerminal() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    let fancy = TerminalStyle(
      foreground: .rgb(10, 200, 30), underlineColor: .indexed(5), attributes: [.dim, .overline],
      underline: .curly)
    // ESC 7 and ESC 8; CSI s and CSI u; the alternate screen's 1049.
    Self.write(
      "\u{1B}[2;53;4:3;58:5:5;38:2::10:200:30m\u{1B}7\u{1B}[0;1ma\u{1B}8\u{1B}[1;2Hb", to: emulator)
    #expect(Self.style(emulator, column: 0) == TerminalStyle(attributes: .bold))
    #expect(Self.style(emulator, column: 1) == fancy)
    Self.write("\u{1B}[s\u{1B}[0m\u{1B}[1;3Hc\u{1B}[u\u{1B}[1;4Hd", to: emulator)
    #expect(Self.style(emulator, column: 2) == .default)
    #expect(Self.style(emulator, column: 3) == fancy)
    Self.write("\u{1B}[?1049h\u{1B}[0;7mx\u{1B}[?1049l\u{1B}[1;5He", to: emulator)
    #expect(Self.style(emulator, column: 4) == fancy)
    // A reset: the pen and the one saved are the default ones.
    Self.write("\u{1B}c\u{1B}8f", to: emulator)
    #expect(Self.style(emulator, column: 0) == .default)
    // DECSTR too.
    Self.write("\u{1B}[1;4:2;58:5:1m\u{1B}[!pg", to: emulator)
    #expect(Self.style(emulator, column: 1) == .default)
  }

  @Test func libvtermIsHandedWhatItHasOfAnSGR() {
    #expect(
      TerminalEmulator.libvtermSGR(SGRParameters("1;2;4:4;38:2::10:200:30;48;5;300;58;5;1"))
        == "\u{1B}[1;4:1;38;2;10;200;30;49m")
    #expect(TerminalEmulator.libvtermSGR(SGRParameters("2;8;53")) == nil)
    #expect(TerminalEmulator.libvtermSGR(SGRParameters("")) == "\u{1B}[0m")
  }

  /// libvterm 0.1.4 writes a CSI's 17th parameter past its array, over its parser's callbacks:
  /// what it is handed for an SGR is cut into sequences of at most 16, between operations.
  @Test func libvtermIsNeverHandedMoreThanSixteenParameters() throws {
    // 19 parameters left out (each a reset), and colours of five parameters each.
    let resets = try #require(
      TerminalEmulator.libvtermSGR(SGRParameters(String(repeating: ";", count: 18))))
    #expect(
      resets == "\u{1B}[" + Array(repeating: "0", count: 16).joined(separator: ";") + "m"
        + "\u{1B}[0;0;0m")
    let colours = try #require(
      TerminalEmulator.libvtermSGR(
        SGRParameters("1;38;2;1;2;3;48;2;4;5;6;3;38;2;7;8;9;4:3;5")))
    let sequences = colours.split(separator: "\u{1B}").map { $0.dropFirst().dropLast() }
    #expect(sequences == ["1;38;2;1;2;3;48;2;4;5;6;3", "38;2;7;8;9;4:3;5"])
    for sequence in sequences {
      #expect(sequence.count { $0 == ";" || $0 == ":" } < TerminalEmulator.libvtermParameterSlots)
    }
    // An emulator handed such an SGR by a program goes on printing what follows, in its pen.
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 40, scrollback: 0))
    Self.write("\u{1B}[" + String(repeating: ";", count: 18) + "1m;;;tthth and more", to: emulator)
    #expect(emulator.cursor == (0, 17))
    #expect(Self.style(emulator, column: 0) == TerminalStyle(attributes: .bold))
    Self.write("\u{1B}[2;5Hx", to: emulator)
    #expect(emulator.cell(row: 1, column: 4).glyph == UInt32(UInt8(ascii: "x")))
  }

  @Test func anErasedCellHasOnlyThePensBackground() throws {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 10, scrollback: 0))
    Self.write("\u{1B}[1;4;7;44mab\u{1B}[K", to: emulator)
    #expect(Self.style(emulator, column: 5) == TerminalStyle(background: .indexed(4)))
    #expect(emulator.cell(row: 0, column: 5).glyph == 0)
  }
}
