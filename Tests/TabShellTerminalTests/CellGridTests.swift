@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import TestSupport
import Testing

/// The texts of a row's cells: "" for the right half of a wide character.
func cells(_ grid: CellGrid, row: Int) -> [String] {
  (0..<grid.columns).map { grid[$0, row].text }
}

@Suite struct CellGridTests {
  @Test func startsBlank() {
    let grid = CellGrid(columns: 3, rows: 2)
    #expect(grid.lines == ["", ""])
    #expect(grid[0, 0] == CellGrid.Cell(text: " ", width: 1))
    #expect(grid[5, 5] == CellGrid.Cell(text: " ", width: 1))
    #expect(grid.invariantViolation == nil)
    #expect(CellGrid(columns: -1, rows: 3).columns == 0)
  }

  @Test func copyingRowsTakesThemWholeWithTheirClustersAndLeavesTheRest() {
    var source = CellGrid(columns: 6, rows: 3)
    source.write("🇫🇷a中", column: 0, row: 0, style: CellStyle(attributes: [.bold]))
    source.write("source", column: 0, row: 1)
    source.write("x👩‍💻", column: 0, row: 2)
    var grid = CellGrid(columns: 6, rows: 3)
    // The grid's own cluster first: the source's are found again by their text, not index.
    grid.write("👍🏽kept", column: 0, row: 1)
    for row in [2, 0] { grid.copyRow(row, from: source) }
    #expect(grid.lines == ["🇫🇷a中", "👍🏽kept", "x👩‍💻"])
    #expect(cells(grid, row: 0) == cells(source, row: 0))
    #expect(grid[2, 0].style == CellStyle(attributes: [.bold]))
    #expect(grid[5, 0] == source[5, 0])
    #expect(grid.invariantViolation == nil)
    for row in 0..<3 { grid.copyRow(row, from: source) }
    #expect(grid.lines == source.lines)
  }

  @Test func writesTextByDisplayWidth() {
    var grid = CellGrid(columns: 8, rows: 1)
    let end = grid.write("a中b😀", column: 1, row: 0)
    #expect(end == 7)
    #expect(cells(grid, row: 0) == [" ", "a", "中", "", "b", "😀", "", " "])
    #expect(grid[2, 0].width == 2)
    #expect(grid[3, 0].width == 0)
    #expect(grid.lines == [" a中b😀"])
  }

  @Test func clipsAtTheRightEdge() {
    var grid = CellGrid(columns: 4, rows: 1)
    #expect(grid.write("abcdef", column: 1, row: 0) == 4)
    #expect(grid.lines == [" abc"])
  }

  @Test func aWideCharacterThatWouldStraddleTheEdgeIsABlank() {
    var grid = CellGrid(columns: 4, rows: 1)
    grid.write("xxxx", column: 0, row: 0)
    grid.write("ab中", column: 1, row: 0)
    #expect(cells(grid, row: 0) == ["x", "a", "b", " "])
    #expect(grid.invariantViolation == nil)
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var grid = CellGrid(columns: 6, rows: 1)
    let red = CellStyle(foreground: .palette(1))
    grid.write("中文字", column: 0, row: 0, style: red)
    grid.write("x", column: 1, row: 0)
    grid.write("y", column: 4, row: 0)
    #expect(cells(grid, row: 0) == [" ", "x", "文", "", "y", " "])
    // The blanks keep the wide characters' style.
    #expect(grid[0, 0].style == red)
    #expect(grid[5, 0].style == red)
    #expect(grid.invariantViolation == nil)
  }

  @Test func aWideCharacterOverTwoWideCharactersBreaksBoth() {
    var grid = CellGrid(columns: 6, rows: 1)
    grid.write("中文字", column: 0, row: 0)
    grid.write("好", column: 1, row: 0)
    #expect(cells(grid, row: 0) == [" ", "好", "", " ", "字", ""])
    #expect(grid.invariantViolation == nil)
  }

  @Test func textLeftOfTheGridShowsItsVisiblePart() {
    var grid = CellGrid(columns: 5, rows: 1)
    #expect(grid.write("ab中cd", column: -3, row: 0) == 3)
    #expect(cells(grid, row: 0) == [" ", "c", "d", " ", " "])
    grid.write("中de", column: -1, row: 0)
    #expect(cells(grid, row: 0) == [" ", "d", "e", " ", " "])
  }

  @Test func aClipRangeBoundsTheWrite() {
    var grid = CellGrid(columns: 8, rows: 1)
    grid.write("........", column: 0, row: 0)
    grid.write("ab中cd", column: 1, row: 0, clip: 2..<4)
    #expect(cells(grid, row: 0) == [".", ".", "b", " ", ".", ".", ".", "."])
    grid.write("中中", column: 4, row: 0, clip: 5..<7)
    #expect(cells(grid, row: 0) == [".", ".", "b", " ", ".", " ", " ", "."])
    #expect(grid.invariantViolation == nil)
  }

  @Test func controlCharactersAreBlanksAndZeroWidthOnesAreDropped() {
    var grid = CellGrid(columns: 6, rows: 1)
    #expect(grid.write("a\u{1B}b\n\u{200B}c", column: 0, row: 0) == 5)
    #expect(grid.lines == ["a b c"])
  }

  @Test func keepsClustersOfSeveralScalars() {
    var grid = CellGrid(columns: 10, rows: 1)
    grid.write("e\u{301}🇫🇷👨‍👩‍👧1️⃣🇫🇷", column: 0, row: 0)
    #expect(
      cells(grid, row: 0) == ["e\u{301}", "🇫🇷", "", "👨‍👩‍👧", "", "1️⃣", "", "🇫🇷", "", " "])
    #expect(grid.invariantViolation == nil)
  }

  @Test func rowsOutsideTheGridWriteNothing() {
    var grid = CellGrid(columns: 3, rows: 1)
    grid.write("abc", column: 0, row: 1)
    grid.write("abc", column: 0, row: -1)
    grid.fill(row: 3, columns: 0..<3, style: CellStyle(attributes: .reverse))
    #expect(grid.lines == [""])
  }

  @Test func fillsARangeWithStyledBlanks() {
    var grid = CellGrid(columns: 5, rows: 1)
    grid.write("中文a", column: 0, row: 0)
    let reverse = CellStyle(attributes: .reverse)
    grid.fill(row: 0, columns: 1..<3, style: reverse)
    #expect(cells(grid, row: 0) == [" ", " ", " ", " ", "a"])
    #expect((0..<5).map { grid[$0, 0].style == reverse } == [false, true, true, false, false])
    #expect(grid.invariantViolation == nil)
  }

  @Test func clearKeepsTheSize() {
    var grid = CellGrid(columns: 4, rows: 2)
    grid.write("🇫🇷ab", column: 0, row: 1)
    grid.clear(style: CellStyle(background: .palette(4)))
    #expect(grid.lines == ["", ""])
    #expect(
      grid[3, 1] == CellGrid.Cell(text: " ", width: 1, style: CellStyle(background: .palette(4))))
  }

  @Test func drawsARenderersLine() {
    var line = StyledLine("ab", style: TextStyle(foreground: .blue, bold: true))
    line.append("中", style: TextStyle(background: .red, underline: true))
    line.append("\u{1B}c")
    var grid = CellGrid(columns: 8, rows: 1)
    #expect(grid.draw(line, column: 1, row: 0) == 7)
    #expect(grid.lines == [" ab中 c"])
    let bold = CellStyle(foreground: .rgb(0, 122, 255), attributes: .bold)
    let underlined = CellStyle(background: .rgb(255, 59, 48), attributes: .underline)
    #expect(
      (0..<8).map { grid[$0, 0] } == [
        CellGrid.Cell(text: " ", width: 1), CellGrid.Cell(text: "a", width: 1, style: bold),
        CellGrid.Cell(text: "b", width: 1, style: bold),
        CellGrid.Cell(text: "中", width: 2, style: underlined),
        CellGrid.Cell(text: "", width: 0, style: underlined), CellGrid.Cell(text: " ", width: 1),
        CellGrid.Cell(text: "c", width: 1), CellGrid.Cell(text: " ", width: 1),
      ])
  }

  @Test func drawsAnotherGridClipped() {
    var page = CellGrid(columns: 4, rows: 2)
    page.write("中ab", column: 0, row: 0)
    page.write("c🇫🇷d", column: 0, row: 1)
    var screen = CellGrid(columns: 5, rows: 2)
    screen.write(".....", column: 0, row: 0)
    screen.draw(page, column: -1, row: 0)
    #expect(cells(screen, row: 0) == [" ", "a", "b", ".", "."])
    #expect(cells(screen, row: 1) == ["🇫🇷", "", "d", " ", " "])
    screen.draw(page, column: 3, row: 1)
    #expect(cells(screen, row: 1) == ["🇫🇷", "", "d", "中", ""])
    screen.draw(page, column: 1, row: 0, clip: 0..<3)
    #expect(cells(screen, row: 0) == [" ", "中", "", ".", "."])
    #expect(cells(screen, row: 1) == [" ", "c", " ", "中", ""])
    #expect(screen.invariantViolation == nil)
  }
}

@Suite struct CellGridPropertyTests {
  @Test(arguments: 0..<100)
  func randomWritesKeepTheInvariants(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed))
    var grid = CellGrid(
      columns: Int.random(in: 1...30, using: &generator),
      rows: Int.random(in: 1...6, using: &generator))
    for step in 0..<40 {
      RandomGrids.scribble(on: &grid, count: 1, &generator)
      #expect(grid.invariantViolation == nil, "seed \(seed), step \(step)")
    }
  }
}
