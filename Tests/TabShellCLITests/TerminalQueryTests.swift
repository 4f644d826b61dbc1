import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// The queries libvterm 0.1.4 leaves unanswered are answered as xterm answers them (docs/
/// Contract.md, "Terminal tabs"): the text area's size, and the default colours.
@Suite struct TerminalQueryTests {
  /// What the emulator answers to `query`, written by the program in one piece.
  static func answer(to query: String, rows: Int = 24, columns: Int = 80) throws -> String {
    let emulator = try #require(TerminalEmulator(rows: rows, columns: columns, scrollback: 10))
    var answered: [UInt8] = []
    emulator.onOutput = { answered += Array($0) }
    emulator.write(query)
    return String(decoding: answered, as: UTF8.self)
  }

  @Test func theTextAreasSizeIsAnsweredInCharacters() throws {
    #expect(try Self.answer(to: "\u{1B}[18t", rows: 30, columns: 100) == "\u{1B}[8;30;100t")
    // Other window operations, and the size with a leader or an intermediate, are not answered.
    #expect(try Self.answer(to: "\u{1B}[14t\u{1B}[19t\u{1B}[?18t\u{1B}[18 t") == "")
  }

  @Test(arguments: [
    ("\u{1B}]10;?\u{7}", "\u{1B}]10;rgb:f0f0/f0f0/f0f0\u{1B}\\"),
    ("\u{1B}]11;?\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"),
    // Several `?` ask for the colour named and the next one.
    (
      "\u{1B}]10;?;?\u{7}",
      "\u{1B}]10;rgb:f0f0/f0f0/f0f0\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"
    ),
    // A colour set is not a query; nor are other numbers; OSC 12 is not answered.
    ("\u{1B}]11;#ffffff\u{7}", ""), ("\u{1B}]12;?\u{7}", ""), ("\u{1B}]110;?\u{7}", ""),
  ])
  func theDefaultColoursAreAnswered(_ query: String, _ expected: String) throws {
    #expect(try Self.answer(to: query) == expected)
  }

  @Test func theOuterTerminalsColoursAreAnsweredOnceKnown() throws {
    let emulator = try #require(TerminalEmulator(rows: 24, columns: 80, scrollback: 10))
    var answered: [UInt8] = []
    emulator.onOutput = { answered += Array($0) }
    // Only the background known: the text's colour is still libvterm's.
    emulator.outerColors = OuterColors(background: .rgb(red: 0xFD, green: 0xF6, blue: 0xE3))
    emulator.write("\u{1B}]10;?;?\u{7}")
    #expect(
      String(decoding: answered, as: UTF8.self)
        == "\u{1B}]10;rgb:f0f0/f0f0/f0f0\u{1B}\\\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\")
    answered.removeAll()
    emulator.outerColors.foreground = .rgb(red: 0x58, green: 0x6E, blue: 0x75)
    emulator.write("\u{1B}]10;?\u{1B}\\")
    #expect(String(decoding: answered, as: UTF8.self) == "\u{1B}]10;rgb:5858/6e6e/7575\u{1B}\\")
  }
}
