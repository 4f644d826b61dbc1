import Testing

@testable import TabShellLanguage
@testable import TabShellTerminalScreen

/// The text a program's OSC 52 sets (``ProgramClipboard``), and an emulator taking it
/// (``TerminalEmulator/takeClipboard()``) while libvterm gets nothing of it.
struct ProgramClipboardTests {
  struct Case: Sendable, CustomStringConvertible {
    var string: String
    var text: String?
    init(_ string: String, _ text: String?) {
      self.string = string
      self.text = text
    }
    var description: String { string.debugDescription }
  }

  static let cases: [Case] = [
    Case("c;aGVsbG8=", "hello"),
    Case(";aGVsbG8", "hello"),
    Case("p;YQ==", "a"),
    Case("s0;YWI=", "ab"),
    Case("c;YWJj", "abc"),
    Case("c;YWI", "ab"),
    // Bytes as `load-buffer` reads them: NUL kept, a byte that is not UTF-8 as U+FFFD.
    Case("c;AGJj", "\u{0}bc"),
    Case("c;/2E=", "\u{FFFD}a"),
    Case("c;4oKs", "€"),
    // A query, an empty text, no `;`, not base64: no text.
    Case("c;?", nil),
    Case("c;", nil),
    Case(";", nil),
    Case("aGVsbG8=", nil),
    Case("", nil),
    Case("c;aGVs*bG8=", nil),
    Case("c;Y", nil),
    Case("c;YQ=", nil),
    Case("c;YQ===", nil),
    Case("c;Y=Q=", nil),
    Case("c;c;YQ==", nil),
    Case("c;aGk= ", nil),
  ]

  @Test(arguments: cases)
  func decodesTheText(_ test: Case) {
    #expect(ProgramClipboard.text(of: Array(test.string.utf8)) == test.text)
  }

  /// Every length of text, every byte, goes through base64 as a copy is sent (``ClipboardSequence``)
  /// and back.
  @Test func decodesWhatTheClipboardEncodes() {
    for length in 0..<70 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      let encoded = ClipboardSequence.base64(bytes)
      #expect(ProgramClipboard.base64Decoded(encoded[...]) == bytes, "\(length) bytes")
      let unpadded = encoded.prefix { $0 != UInt8(ascii: "=") }
      #expect(ProgramClipboard.base64Decoded(unpadded) == bytes, "\(length) bytes unpadded")
    }
  }

  /// The text goes to the emulator's ``TerminalEmulator/takeClipboard()`` (the last set since it
  /// was taken), libvterm printing the text around it, and taking a title after it whole, also
  /// when the OSC's number ends a write.
  @Test func anEmulatorKeepsTheTextForTheScreen() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 20, scrollback: 0))
    for piece in ["a\u{1B}]52", ";c;aGk=\u{7}b\u{1B}]2;a title\u{7}c", "\u{1B}]52;c;eW8=\u{1B}\\d"]
    {
      Array(piece.utf8).withUnsafeBytes { emulator.write($0) }
    }
    #expect(emulator.takeClipboard() == "yo")
    #expect(emulator.takeClipboard() == nil)
    #expect(emulator.takeTitle() == "a title")
    let row = (0..<6).map { emulator.cell(row: 0, column: $0).glyph }
    #expect(row == [0x61, 0x62, 0x63, 0x64, 0, 0])
    #expect(emulator.cursor == (0, 4))
    // One that sets no text is not one.
    Array("\u{1B}]52;c;YQ==\u{7}\u{1B}]52;c;?\u{7}".utf8).withUnsafeBytes { emulator.write($0) }
    #expect(emulator.takeClipboard() == "a")
    Array("\u{1B}]52;c;\u{7}".utf8).withUnsafeBytes { emulator.write($0) }
    #expect(emulator.takeClipboard() == nil)
  }
}
