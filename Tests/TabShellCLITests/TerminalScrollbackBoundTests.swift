import CVTerm
import TabShellKit
import Testing

@testable import TabShellTerminalScreen

/// A terminal keeps the lines that scroll off its top compactly, at most `--scrollback N` of them
/// and `--scrollback-bytes N` bytes (docs/Contract.md, "Terminal tabs"): a plain cell in a byte,
/// the oldest lines dropped past either bound, a line longer than the byte bound not kept.
@Suite struct TerminalScrollbackBoundTests {
  static func write(_ text: String, to emulator: TerminalEmulator) {
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
  }

  /// The text of a kept line.
  static func text(_ emulator: TerminalEmulator, line: Int) -> String {
    emulator.keptLine(line).map { emulator.text(of: $0.glyph) }.joined()
  }

  @Test func aLineOfPlainTextCostsItsCharactersAndAnEntry() throws {
    let emulator = try #require(TerminalEmulator(rows: 4, columns: 80, scrollback: 20_000))
    Self.write((1...10_000).map { "\($0)\r\n" }.joined(), to: emulator)
    let scrollback = emulator.scrollback
    #expect(scrollback.count == 9_997)
    // The digits of 1 to 9,997, a byte each, and 8 bytes a line.
    let digits = (1...9_997).map { String($0).count }.reduce(0, +)
    #expect(digits == 38_881)
    #expect(scrollback.byteCount == digits + 8 * 9_997)
    #expect(Self.text(emulator, line: 0) == "1")
    #expect(Self.text(emulator, line: 9_996) == "9997")
  }

  @Test func colouredTextKeepsEachStyleOnceARun() throws {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 40, scrollback: 10))
    // Red bold "ab", then plain "cd", then an RGB background under "ef", then the default again.
    Self.write("\u{1B}[1;31mab\u{1B}[0mcd\u{1B}[48;2;1;2;3mef\u{1B}[0m\r\n\r\n", to: emulator)
    #expect(emulator.scrollback.count == 1)
    let cells = emulator.keptLine(0)
    #expect(cells.map { emulator.text(of: $0.glyph) } == ["a", "b", "c", "d", "e", "f"])
    let styles = cells.map { emulator.tables.style($0.style) }
    let red = TerminalStyle(foreground: .indexed(1), attributes: .bold)
    let rgb = TerminalStyle(background: .rgb(1, 2, 3))
    #expect(styles == [red, red, .default, .default, rgb, rgb])
    // 6 characters; a style of 4 bytes (its mark, flags, a kind and an index, the attributes' 2),
    // the default (mark, flags), the RGB one (mark, flags, kind, 3 bytes); the entry.
    #expect(emulator.scrollback.byteCount == 6 + 6 + 2 + 6 + 8)
  }

  @Test func theOldestLinesGoPastTheByteBoundUntilATenthIsFree() throws {
    let emulator = try #require(
      TerminalEmulator(rows: 2, columns: 80, scrollback: 100_000, scrollbackBytes: 1_000))
    // Lines of 42 characters: 50 bytes each with their entry.
    for number in 1...100 {
      Self.write(String(repeating: "x", count: 38) + String(1000 + number) + "\r\n", to: emulator)
    }
    let scrollback = emulator.scrollback
    #expect(scrollback.byteCount <= 1_000)
    // Past 1,000 bytes (at the 21st line), lines went until 900 bytes were left: 18 lines; the
    // newest are kept.
    #expect(scrollback.count >= 18 && scrollback.count <= 20)
    #expect(Self.text(emulator, line: scrollback.count - 1).hasSuffix("1099"))
  }

  @Test func aLineLongerThanTheByteBoundIsNotKept() throws {
    let emulator = try #require(
      TerminalEmulator(rows: 2, columns: 200, scrollback: 100, scrollbackBytes: 100))
    Self.write("short\r\n" + String(repeating: "y", count: 150) + "\r\nend\r\n", to: emulator)
    #expect((0..<emulator.scrollback.count).map { Self.text(emulator, line: $0) } == ["short"])
    #expect(emulator.scrollback.byteCount <= 100)
  }

  @Test func theLineBoundStillDropsTheOldestTenth() throws {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 10, scrollback: 50))
    Self.write((1...51).map { "\($0)\r\n" }.joined(), to: emulator)
    #expect(emulator.scrollback.count == 50)
    // The 51st line off the top drops the oldest tenth (5) first.
    Self.write("52\r\n", to: emulator)
    #expect(emulator.scrollback.count == 46)
    #expect(Self.text(emulator, line: 0) == "6")
  }

  @Test func aWideScreensFloodStaysUnderItsBound() throws {
    // 10,000 lines of 2,000 columns: 20 MB of text, under the default 32 MiB.
    let emulator = try #require(TerminalEmulator(rows: 5, columns: 2_000, scrollback: 10_000))
    let line = String(repeating: "0123456789", count: 200)
    for _ in 0..<100 { Self.write(String(repeating: line + "\r\n", count: 100), to: emulator) }
    #expect(emulator.scrollback.count == 9_996)
    #expect(emulator.scrollback.byteCount == 9_996 * (2_000 + 8))
  }
}
