@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

@Suite struct FrameWriterTests {
  let plain = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)

  @Test func aFullRedrawWritesEveryRowAndErasesBlankTails() {
    var grid = CellGrid(columns: 4, rows: 2)
    grid.write("ab", column: 0, row: 0)
    let bytes = plain.frame(from: nil, to: grid, cursor: .init(column: 0, row: 2))
    #expect(
      text(bytes) == "\u{1B}[?25l\u{1B}[H\u{1B}[0mab\u{1B}[K\u{1B}[2H\u{1B}[K\u{1B}[B\u{1B}[?25h")
  }

  @Test func aOneCellChangeIsAHandfulOfBytes() {
    var old = CellGrid(columns: 80, rows: 24)
    for row in 0..<24 {
      old.write(String(repeating: "tab \(row) ", count: 10), column: 0, row: row)
    }
    var new = old
    new.write("X", column: 10, row: 5)
    let bytes = plain.frame(from: old, to: new, cursor: .init(column: 2, row: 23))
    #expect(text(bytes) == "\u{1B}[?25l\u{1B}[6;11H\u{1B}[0mX\u{1B}[24;3H\u{1B}[?25h")
    let synchronized = FrameWriter(colorMode: .trueColor)
    let wrapped = synchronized.frame(from: old, to: new, cursor: .init(column: 2, row: 23))
    #expect(text(wrapped) == "\u{1B}[?2026h" + text(bytes) + "\u{1B}[?2026l")
  }

  @Test func noChangeOnlyPlacesTheCursor() {
    var grid = CellGrid(columns: 10, rows: 3)
    grid.write("same", column: 0, row: 1)
    let writer = FrameWriter(colorMode: .trueColor)
    #expect(
      text(writer.frame(from: grid, to: grid, cursor: .init(column: 4, row: 3)))
        == "\u{1B}[4;5H\u{1B}[?25h")
    #expect(
      text(writer.frame(from: grid, to: grid, cursor: .init(column: 0, row: 0, isVisible: false)))
        == "\u{1B}[H\u{1B}[?25l")
  }

  @Test func shortUnchangedRunsAreWrittenAgainLongOnesSkipped() {
    var old = CellGrid(columns: 20, rows: 1)
    old.write("abcdefghijklmnopqrst", column: 0, row: 0)
    var new = old
    new.write("X", column: 1, row: 0)
    new.write("Y", column: 3, row: 0)  // one unchanged cell between: "c"
    new.write("Z", column: 8, row: 0)  // four: "efgh" (CUF would be four bytes too)
    new.write("W", column: 14, row: 0)  // five: "jklmn" is longer than ESC [ 5 C
    let bytes = plain.frame(from: old, to: new, cursor: .init(column: 15, row: 0))
    #expect(text(bytes) == "\u{1B}[?25l\u{1B}[1;2H\u{1B}[0mXcYefghZ\u{1B}[5CW\u{1B}[?25h")
  }

  @Test func anUnchangedRunInAnotherStyleIsSkipped() {
    var old = CellGrid(columns: 5, rows: 1)
    old.write("abcde", column: 0, row: 0)
    old.write("c", column: 2, row: 0, style: CellStyle(attributes: .bold))
    var new = old
    new.write("B", column: 1, row: 0)
    new.write("D", column: 3, row: 0)
    #expect(
      text(plain.frame(from: old, to: new, cursor: .init(column: 4, row: 0)))
        == "\u{1B}[?25l\u{1B}[1;2H\u{1B}[0mB\u{1B}[CD\u{1B}[?25h")
  }

  @Test func stylesChangeWithTheShortestSGR() {
    var grid = CellGrid(columns: 6, rows: 1)
    grid.write("a", column: 0, row: 0, style: CellStyle(foreground: .palette(1), attributes: .bold))
    grid.write(
      "b", column: 1, row: 0,
      style: CellStyle(foreground: .palette(1), attributes: [.bold, .underline]))
    grid.write(
      "c", column: 2, row: 0,
      style: CellStyle(
        foreground: .palette(9), background: .palette(100), attributes: [.bold, .underline]))
    grid.write("d", column: 3, row: 0)
    grid.write("e", column: 4, row: 0, style: CellStyle(attributes: .reverse))
    let bytes = plain.frame(
      from: CellGrid(columns: 6, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    #expect(
      text(bytes)
        == "\u{1B}[?25l\u{1B}[H\u{1B}[0;1;31ma\u{1B}[4mb\u{1B}[91;48;5;100mc\u{1B}[0md\u{1B}[7me"
        + "\u{1B}[m\u{1B}[2H\u{1B}[?25h")
  }

  static let colorModes: [(ColorMode, String)] = [
    (.trueColor, "\u{1B}[0;1;38;2;0;122;255;48;5;17mx"),
    (.ansi256, "\u{1B}[0;1;38;5;\(ANSI.paletteIndex(.blue));48;5;17mx"),
    (.ansi16, "\u{1B}[0;1;94;44mx"),
    (.ansi8, "\u{1B}[0;1;34;44mx"),
    (.monochrome, "\u{1B}[0;1mx"),
    (.none, "\u{1B}[0;1mx"),
  ]

  @Test(arguments: colorModes)
  func colourModes(mode: ColorMode, expected: String) {
    var grid = CellGrid(columns: 1, rows: 1)
    grid.write(
      "x", column: 0, row: 0,
      style: CellStyle(
        foreground: CellColor(BarColor.blue), background: .palette(17), attributes: .bold))
    let writer = FrameWriter(colorMode: mode, synchronizedUpdate: false)
    let bytes = writer.frame(
      from: CellGrid(columns: 1, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    #expect(text(bytes) == "\u{1B}[?25l\u{1B}[H" + expected + "\u{1B}[m\u{1B}[2H\u{1B}[?25h")
  }

  @Test func inNoColourStylesThatDifferOnlyByColourNeedNoSGR() {
    var grid = CellGrid(columns: 2, rows: 1)
    grid.write("a", column: 0, row: 0, style: CellStyle(foreground: .palette(1)))
    grid.write("b", column: 1, row: 0, style: CellStyle(foreground: .palette(2)))
    let writer = FrameWriter(colorMode: .monochrome, synchronizedUpdate: false)
    let bytes = writer.frame(
      from: CellGrid(columns: 2, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    #expect(text(bytes) == "\u{1B}[?25l\u{1B}[H\u{1B}[0mab\u{1B}[2H\u{1B}[?25h")
  }

  @Test func wideCharactersAreWrittenWhole() {
    var old = CellGrid(columns: 6, rows: 1)
    old.write("ab中d", column: 0, row: 0)
    var new = old
    new.write("文", column: 2, row: 0)
    #expect(
      text(plain.frame(from: old, to: new, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[1;3H\u{1B}[0m文\u{1B}[2H\u{1B}[?25h")
    var split = old
    split.write("xy", column: 2, row: 0)
    #expect(
      text(plain.frame(from: old, to: split, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[1;3H\u{1B}[0mxy\u{1B}[2H\u{1B}[?25h")
    var shifted = old
    shifted.write("中", column: 3, row: 0)
    #expect(
      text(plain.frame(from: old, to: shifted, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[1;3H\u{1B}[0m 中\u{1B}[2H\u{1B}[?25h")
  }

  @Test func movesFromCellToCellRelativelyWhenThatIsShorter() {
    var old = CellGrid(columns: 30, rows: 12)
    for row in 0..<12 { old.write("row \(row): some text", column: 0, row: row) }
    var new = old
    new.write("X", column: 15, row: 9)
    new.write("Y", column: 14, row: 10)
    new.write("Z", column: 11, row: 11)
    new.write("W", column: 0, row: 11)
    new.write("V", column: 6, row: 11)
    #expect(
      text(plain.frame(from: old, to: new, cursor: .init(column: 5, row: 10)))
        == "\u{1B}[?25l\u{1B}[10;16H\u{1B}[0mX\u{1B}[B\u{8}\u{8}Y\u{1B}[B\rW\u{1B}[5CV somZ"
        + "\u{1B}[11;6H\u{1B}[?25h")
  }

  @Test func afterTheLastColumnTheNextMoveIsAbsolute() {
    var old = CellGrid(columns: 4, rows: 2)
    old.write("abcd", column: 0, row: 0)
    old.write("efgh", column: 0, row: 1)
    var new = old
    new.write("D", column: 3, row: 0)
    new.write("E", column: 0, row: 1)
    #expect(
      text(plain.frame(from: old, to: new, cursor: .init(column: 1, row: 1)))
        == "\u{1B}[?25l\u{1B}[1;4H\u{1B}[0mD\u{1B}[2HE\u{1B}[?25h")
  }

  @Test func aChangedTailOfBlanksIsErased() {
    var old = CellGrid(columns: 12, rows: 1)
    old.write("hello world!", column: 0, row: 0)
    var new = CellGrid(columns: 12, rows: 1)
    new.write("help", column: 0, row: 0)
    #expect(
      text(plain.frame(from: old, to: new, cursor: .init(column: 0, row: 1)))
        == "\u{1B}[?25l\u{1B}[1;4H\u{1B}[0mp\u{1B}[K\u{1B}[2H\u{1B}[?25h")
  }

  @Test func aGridOfAnotherSizeIsRedrawnWhole() {
    let old = CellGrid(columns: 3, rows: 1)
    var new = CellGrid(columns: 2, rows: 1)
    new.write("ab", column: 0, row: 0)
    #expect(
      plain.frame(from: old, to: new, cursor: .init(column: 0, row: 1))
        == plain.frame(from: nil, to: new, cursor: .init(column: 0, row: 1)))
  }

  @Test func writesIntoTheCallersBuffer() {
    var grid = CellGrid(columns: 2, rows: 1)
    grid.write("ab", column: 0, row: 0)
    var buffer: [UInt8] = Array("before".utf8)
    plain.write(from: nil, to: grid, cursor: .init(column: 0, row: 1), into: &buffer)
    #expect(
      buffer == Array("before".utf8)
        + plain.frame(from: nil, to: grid, cursor: .init(column: 0, row: 1)))
  }
}
