import CVTerm
import Testing

@testable import TabShellTerminalScreen

/// What TabShell's screen layer keeps beside the cells libvterm's screen layer keeps
/// (``TerminalCells``): each row's mark that its line wrapped into the next, each row's mark that it
/// changed, and tables of styles and clusters rebuilt from the cells once they have grown.
@Suite struct TerminalCellsStorageTests {
  static func write(_ text: String, to emulator: TerminalEmulator) {
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
  }

  static func wrapped(_ emulator: TerminalEmulator) -> [Bool] {
    (0..<emulator.rows).map { emulator.isWrapped(row: $0) }
  }

  @Test func aRowIsMarkedWrappedOnlyWhenTextWentOnIntoTheNext() throws {
    let emulator = try #require(TerminalEmulator(rows: 6, columns: 8, scrollback: 10))
    // 12 characters wrap row 0 into row 1; a line ended by CR LF is not wrapped, nor a line of one
    // character ended so; a row filled exactly and then ended by CR LF neither.
    Self.write("abcdefghijkl\r\nx\r\n12345678\r\nend", to: emulator)
    #expect(Self.wrapped(emulator) == [true, false, false, false, false, false])
    // A wrap that scrolls the screen: the mark moves up with its row.
    Self.write("\r\n\r\nABCDEFGHIJ", to: emulator)
    #expect(Self.wrapped(emulator) == [false, false, false, false, true, false])
    // Erasing the row it wrapped into clears it.
    Self.write("\u{1B}[2K", to: emulator)
    #expect(Self.wrapped(emulator) == [false, false, false, false, false, false])
  }

  @Test func aWideCharacterThatDoesNotFitWrapsTheLineEarly() throws {
    let emulator = try #require(TerminalEmulator(rows: 3, columns: 5, scrollback: 10))
    Self.write("abcd漢x", to: emulator)
    #expect(Self.wrapped(emulator) == [true, false, false])
    #expect(emulator.cell(row: 1, column: 0).glyph == 0x6F22)
  }

  @Test func theMarkGoesToTheScrollbackWithItsLine() throws {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 4, scrollback: 10))
    Self.write("abcdefgh\r\nij\r\nkl", to: emulator)
    let scrollback = emulator.scrollback
    #expect(scrollback.count == 2)
    #expect(scrollback.entry(0).isWrapped && scrollback.entry(0).cells == 4)
    #expect(!scrollback.entry(1).isWrapped && scrollback.entry(1).cells == 4)
  }

  @Test func theRowsThatChangedAreMarkedUntilTaken() throws {
    let emulator = try #require(TerminalEmulator(rows: 4, columns: 10, scrollback: 10))
    #expect(emulator.takeDamage().whole)
    #expect(emulator.takeDamage() == (false, []))
    Self.write("\u{1B}[2;1Hhello", to: emulator)
    #expect(emulator.takeDamage() == (false, [1]))
    // Plain text the emulator writes itself, an erase.
    Self.write("\u{1B}[3;1Hplain text\u{1B}[4;1H\u{1B}[K", to: emulator)
    #expect(emulator.takeDamage() == (false, [2, 3]))
    // A scroll changes every row of its region.
    Self.write("\u{1B}[2;3r\u{1B}[3;1H\n", to: emulator)
    #expect(emulator.takeDamage() == (false, [1, 2]))
    emulator.resize(rows: 5, columns: 10)
    #expect(emulator.takeDamage() == (true, [0, 1, 2, 3, 4]))
    Self.write("\u{1B}[?1049h", to: emulator)
    #expect(emulator.takeDamage().whole)
  }

  @Test func eachRowsChangedColumnsAreKeptWithIt() throws {
    let emulator = try #require(TerminalEmulator(rows: 4, columns: 20, scrollback: 10))
    _ = emulator.takeDamage()
    func spans() -> [Int: Range<Int>] {
      let damage = emulator.takeDamageSpans()
      return Dictionary(uniqueKeysWithValues: zip(damage.rows, damage.spans))
    }
    // A character a glyph, then plain text the emulator writes itself after it: one span.
    Self.write("\u{1B}[2;4Hx", to: emulator)
    #expect(spans() == [1: 3..<4])
    Self.write("\u{1B}[2;6Hplainly written", to: emulator)
    #expect(emulator.plainCharacters > 0)
    #expect(spans() == [1: 5..<20])
    // Two writes in a row before the damage is taken: the span holds both.
    Self.write("\u{1B}[3;2Ha\u{1B}[3;12Hb", to: emulator)
    #expect(spans() == [2: 1..<12])
    // A wide character takes its two columns; an erase its own.
    Self.write("\u{1B}[1;5H字\u{1B}[4;8H\u{1B}[K", to: emulator)
    #expect(spans() == [0: 4..<6, 3: 7..<20])
    // A scroll moves whole rows: the whole of each.
    Self.write("\u{1B}[2;3r\u{1B}[3;1H\n\u{1B}[r", to: emulator)
    #expect(spans() == [1: 0..<20, 2: 0..<20])
    // After a resize, the whole screen.
    emulator.resize(rows: 4, columns: 12)
    #expect(spans() == [0: 0..<12, 1: 0..<12, 2: 0..<12, 3: 0..<12])
  }

  /// libvterm 0.1.4 puts the cursor at column -1 on a double-width line of a one-column screen,
  /// and a tab stop set there is written before its table (a heap overflow, found by the
  /// terminal fuzz target under AddressSanitizer): libvterm is never given fewer than two
  /// columns, at the start or at a resize.
  @Test func libvtermIsNeverGivenFewerThanTwoColumns() throws {
    let emulator = try #require(TerminalEmulator(rows: 1, columns: 1, scrollback: 10))
    #expect(emulator.columns == TerminalEmulator.fewestColumns)
    for _ in 0..<20 {
      Self.write("\u{1B}#4\u{1B}#8\u{1B}H\u{1B}#6x\u{1B}H\u{1B}[3g\u{1B}H", to: emulator)
      emulator.resize(rows: 3, columns: 1)
      #expect(emulator.columns == TerminalEmulator.fewestColumns)
      Self.write("\u{1B}#3\u{1B}H\u{1B}[2;1H\u{1B}#4\u{1B}H", to: emulator)
      emulator.resize(rows: 1, columns: 5)
    }
    #expect(emulator.cursor.column >= 0)
  }

  @Test func theTablesAreRebuiltFromTheCellsOnceTheyGrew() throws {
    let emulator = try #require(TerminalEmulator(rows: 4, columns: 10, scrollback: 0))
    // 2,000 colours, each written over the last: the tables keep what the cells still use.
    for index in 0..<2_000 {
      Self.write("\u{1B}[38;2;\(index / 256);\(index % 256);7mx\u{1B}[1;1H", to: emulator)
    }
    Self.write("e\u{301}", to: emulator)
    let tables = emulator.tables
    #expect(tables.generation >= 1)
    #expect(tables.styles.count < 1_100)
    let cell = emulator.cell(row: 0, column: 0)
    #expect(emulator.text(of: cell.glyph) == "e\u{301}")
    #expect(emulator.style(of: cell).foreground == .rgb(7, 207, 7))
  }
}
