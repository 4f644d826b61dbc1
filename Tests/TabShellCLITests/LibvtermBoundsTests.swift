import Testing

@testable import TabShellTerminalScreen

/// What made libvterm 0.1.4 read or write past its buffers is kept from it: an ST whose ESC ended
/// the write before, or with a control between its bytes, read as a string of −1 bytes (a heap
/// over-read: ``ParameterGuard`` hands libvterm BEL instead), and a write that ends in text after
/// an unfinished UTF-8 character, one code point more than its array holds (a stack overflow:
/// ``DecoderRoom``). Found with the fuzz target built with AddressSanitizer over libvterm's source
/// (docs/Contract.md, "Terminal tabs", Robustness); fuzz/corpus-terminal keeps both inputs.
struct LibvtermBoundsTests {
  static func write(_ emulator: TerminalEmulator, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { emulator.write($0) }
  }

  static func row(_ emulator: TerminalEmulator, _ row: Int) -> String {
    var text = TerminalResizeFaultTests.text(of: emulator, row: row)
    while text.last == " " { text.removeLast() }
    return text
  }

  /// The title is what the string held (libvterm read on past the `\`, into the text after it and
  /// whatever memory followed the write, for up to 64 bytes).
  @Test func aStringEndCutFromItsEscapeEndsTheString() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, Array("\u{1B}]2;ab\u{1}cd\u{1B}".utf8))
    Self.write(emulator, Array("\\XYZ".utf8))
    #expect(emulator.takeTitle() == "abcd")
    #expect(Self.row(emulator, 0) == "XYZ")
  }

  @Test func aControlBetweenAStringEndsBytesIsExecutedAndTheStringEnds() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, Array("\u{1B}]2;ab\u{1}cd\u{1B}\n\\XYZ".utf8))
    #expect(emulator.takeTitle() == "abcd")
    // The line feed moved the cursor down, as libvterm executes a control inside a string.
    #expect([Self.row(emulator, 0), Self.row(emulator, 1)] == ["", "XYZ"])
  }

  @Test func anEscapeAndAnotherByteEndTheStringAndStartASequence() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, Array("\u{1B}]2;dropped\u{1B}".utf8))
    Self.write(emulator, Array("[2;3Hx\u{1B}]2;kept\u{1B}\\".utf8))
    #expect(emulator.takeTitle() == "kept")
    #expect(Self.row(emulator, 1) == "  x")
  }

  /// An unfinished character, a control, then a write of a lead byte and ASCII: U+FFFD for each of
  /// the unfinished ones, then the ASCII (three code points from two bytes, which libvterm wrote
  /// past its array).
  @Test(arguments: [[0xC3, 0x61], [0x61, 0x62], [0xC3, 0xC3, 0xC3, 0x61]] as [[UInt8]])
  func aWriteEndingInTextAfterAnUnfinishedCharacterDecodesIt(_ second: [UInt8]) throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    Self.write(emulator, second[0] >= 0x80 ? [0xE0, 0x0A, 0x0D] : [0x61, 0xC3, 0x0A, 0x0D])
    Self.write(emulator, second)
    let expected =
      switch second.count {
      case 2 where second[0] >= 0x80: "\u{FFFD}\u{FFFD}a"
      case 2: "\u{FFFD}ab"
      default: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}a"
      }
    #expect(Self.row(emulator, 1) == expected)
  }

  /// The pieces that get a NUL after them: those that may end in text.
  @Test func aPieceThatMayEndInTextGetsANulAfterIt() {
    func handed(_ piece: [UInt8]) -> [UInt8] {
      var handed: [UInt8] = []
      piece.withUnsafeBytes { piece in DecoderRoom.withRoom(piece) { handed = Array($0) } }
      return handed
    }
    #expect(handed([0xC3, 0x61]) == [0xC3, 0x61, 0])
    #expect(handed(Array("ab".utf8)) == Array("ab".utf8) + [0])
    #expect(handed(Array("\u{1B}[2;3".utf8)) == Array("\u{1B}[2;3".utf8) + [0])
    #expect(handed(Array("ab\r\n".utf8)) == Array("ab\r\n".utf8))
    #expect(handed(Array("ab\u{1B}".utf8)) == Array("ab\u{1B}".utf8))
    #expect(handed([0x7F]) == [0x7F])
    #expect(handed([]) == [])
  }
}
