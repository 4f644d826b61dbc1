import CVTerm
import Testing

@testable import TabShellTerminalScreen

/// What would crash or hang libvterm 0.1.4 is kept from it (``ParameterGuard``): a CSI's
/// parameters past its 16 slots (a 17th is written past them), a REP with nothing to repeat (it
/// loops for ever).
struct ParameterGuardTests {
  /// What the guard hands on for `input` written in pieces split at `splits`.
  static func filtered(_ input: [UInt8], splits: [Int] = []) -> [UInt8] {
    var parameterGuard = ParameterGuard()
    var output: [UInt8] = []
    var start = 0
    for end in splits + [input.count] {
      input[start..<end].withUnsafeBytes { piece in
        parameterGuard.filter(piece) { output += $0 }
      }
      start = end
    }
    return output
  }

  static func csi(_ count: Int, separator: String = ";", final: String = "J") -> [UInt8] {
    Array(("\u{1B}[" + (1...count).map(String.init).joined(separator: separator) + final).utf8)
  }

  /// Bytes written, and what libvterm gets of them.
  struct Case: Sendable, CustomStringConvertible {
    var input: [UInt8]
    var expected: [UInt8]
    init(_ input: [UInt8], _ expected: [UInt8]) {
      self.input = input
      self.expected = expected
    }
    init(_ input: String, _ expected: String) {
      self.init(Array(input.utf8), Array(expected.utf8))
    }
    var description: String { String(decoding: input.prefix(40), as: UTF8.self).debugDescription }
  }

  static let cases: [Case] = [
    Case(csi(30) + Array("X".utf8), csi(16) + Array("X".utf8)),
    Case(csi(17), csi(16)),
    Case(csi(16), csi(16)),
    Case(csi(20, separator: ":"), csi(16, separator: ":")),
    Case(
      Array("\u{1B}[?".utf8) + csi(20).dropFirst(2), Array("\u{1B}[?".utf8) + csi(16).dropFirst(2)),
    // Text, and strings and sequences of few parameters, go through as they are.
    Case(
      "text; 1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17",
      "text; 1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17"),
    Case(
      "\u{1B}]0;a;b;c;d;e;f;g;h;i;j;k;l;m;n;o;p;q\u{7}",
      "\u{1B}]0;a;b;c;d;e;f;g;h;i;j;k;l;m;n;o;p;q\u{7}"),
    // A C0 control inside goes on with the sequence; CAN ends it; ESC starts another.
    Case(
      "\u{1B}[1;2;3;4;5;6;7;8\n;9;10;11;12;13;14;15;16;17;18J",
      "\u{1B}[1;2;3;4;5;6;7;8\n;9;10;11;12;13;14;15;16J"),
    // An SGR is the emulator's (SGRTests): libvterm gets it with an intermediate byte, which it
    // ignores, past its 16 parameters too.
    Case("\u{1B}[1;38:2::10:200:30m", "\u{1B}[1;38:2::10:200:30#m"),
    Case(csi(20, final: "m"), csi(16, final: "#m")),
    Case("\u{1B}[?1;2m\u{1B}[1 m", "\u{1B}[?1;2m\u{1B}[1 m"),
    Case("\u{1B}[1;2\u{18};;;;;;;;;;;;;;;;;;", "\u{1B}[1;2\u{18};;;;;;;;;;;;;;;;;;"),
    Case(
      Array("\u{1B}[1;2;3;4;5;6;7;8;9;10;11;12;13;14".utf8) + csi(17),
      Array("\u{1B}[1;2;3;4;5;6;7;8;9;10;11;12;13;14".utf8) + csi(16)),
    // REP with no printable ASCII character printed last gets an intermediate byte, which makes
    // it a sequence libvterm ignores: none yet, a combining mark, after a reset or a string.
    Case("\u{1B}[5b", "\u{1B}[5#b"),
    Case("\u{1B}[b", "\u{1B}[#b"),
    Case("x\u{1B}[5b", "x\u{1B}[5b"),
    Case("x\r\n\u{1B}[1;1H\u{1B}[5b", "x\r\n\u{1B}[1;1H\u{1B}[5b"),
    Case("x\u{301}\u{1B}[5b", "x\u{301}\u{1B}[5#b"),
    Case("x\u{1B}c\u{1B}[5b", "x\u{1B}c\u{1B}[5#b"),
    Case("x\u{1B}]0;t\u{7}\u{1B}[5b", "x\u{1B}]0;t\u{7}\u{1B}[5#b"),
    Case("\u{1B}]0;t\u{7}y\u{1B}[5b", "\u{1B}]0;t\u{7}y\u{1B}[5b"),
    Case("\u{1B}[?5b\u{1B}[5 b", "\u{1B}[?5b\u{1B}[5 b"),
    // An escape sequence's final byte is no text: a wide character stays the last printed (its
    // REP would write past the row's end).
    Case("Ａ\u{1B}#5\u{1B}[9b", "Ａ\u{1B}#5\u{1B}[9#b"),
    Case("\u{301}\u{1B})0\u{1B}[4b", "\u{301}\u{1B})0\u{1B}[4#b"),
    Case("x\u{1B})0\u{1B}[4b", "x\u{1B})0\u{1B}[4b"),
    // A string's ST goes as BEL (libvterm read an ST cut from its ESC, or with a control between,
    // as a string of -1 bytes): a control between is executed, BEL there left out; ESC and
    // another byte end the string with CAN and start a sequence.
    Case("\u{1B}]2;t\u{1B}\\x", "\u{1B}]2;t\u{7}x"),
    // A control inside a string is left out (tmux ignores it; libvterm moved the cursor for it).
    Case("A\u{1B}]2;x\ny\r\u{8}z\u{7}B", "A\u{1B}]2;xyz\u{7}B"),
    Case("\u{1B}Pq#0\r\n!3~\u{1B}\\Z", "\u{1B}Pq#0!3~\u{7}Z"),
    Case("\u{1B}P$qm\u{1B}\\", "\u{1B}P$qm\u{7}"),
    Case("\u{1B}]2;t\u{1B}\u{1}\u{0}\u{7F}\u{7}\\x", "\u{1B}]2;t\u{1}\u{0}\u{7F}\u{7}x"),
    Case("\u{1B}]2;t\u{1B}7x", "\u{1B}]2;t\u{18}\u{1B}7x"),
    Case("\u{1B}]2;t\u{1B}\u{1B}[1;2Hx", "\u{1B}]2;t\u{18}\u{1B}\u{1B}[1;2Hx"),
    Case("\u{1B}]2;t\u{1B}\u{18}x", "\u{1B}]2;t\u{18}x"),
    Case("\u{1B}_a\u{1B}\\\u{1B}]0;\u{7}\u{1B}\\", "\u{1B}_\u{1B}\\\u{1B}]0;\u{7}\u{1B}\\"),
    // SM and RM of several modes are the emulator's, one mode a sequence (ModeSetTests).
    Case("\u{1B}[?1006;1000h", "\u{1B}[?1006;1000#h"),
    Case("\u{1B}[4;20l\u{1B}[?25h", "\u{1B}[4;20#l\u{1B}[?25h"),
  ]

  @Test(arguments: cases)
  func leavesOutTheParametersPastTheSlots(_ test: Case) {
    #expect(Self.filtered(test.input) == test.expected)
    // The same in two pieces, split anywhere.
    for split in 0...test.input.count {
      #expect(Self.filtered(test.input, splits: [split]) == test.expected, "split at \(split)")
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func anEmulatorIgnoresARepeatWithNothingToRepeat() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    for text in ["\u{1B}[5b", "\u{301}\u{1B}[b", "x\u{1B}c\u{1B}[3b", "ab\u{1B}[3b"] {
      let bytes = Array(text.utf8)
      bytes.withUnsafeBytes { emulator.write($0) }
    }
    // Only the last repeat has a character to repeat.
    let row = (0..<6).map { emulator.cell(row: 0, column: $0).glyph }
    #expect(row == [0x61, 0x62, 0x62, 0x62, 0x62, 0])
  }

  @Test func anEmulatorSurvivesAControlSequenceOfManyParameters() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    for count in [17, 30, 2_000] {
      var bytes = Self.csi(count, final: "m") + Array("ok".utf8)
      bytes.withUnsafeBytes { emulator.write($0) }
      bytes = Array("\r\n".utf8)
      bytes.withUnsafeBytes { emulator.write($0) }
    }
    let cell = emulator.cell(row: 0, column: 0)
    #expect(cell.glyph == UInt32(UInt8(ascii: "o")))
  }
}
