import CVTerm
@_spi(Host) import TabShellKit
import TabShellTerminal

/// A terminal screen draws straight into the full-screen mode's grid: each cell of a row drawn
/// again is stored as it is (its style worked out once an index), where its canvas would take a
/// string a run and the grid would measure it again. What it draws is what its canvas drawn into
/// the grid shows (``TerminalScreen/draw(in:)``; TerminalGridDrawingTests compares the two).
extension TerminalScreen: GridDrawingScreen {
  /// Whether the screen draws into the grid in a region of `width` × `height`: not in copy mode
  /// nor scrolled back, which draw more than the cells (a selection, the position), and not in an
  /// empty region.
  func drawsIntoGrid(width: Int, height: Int) -> Bool {
    copy == nil && session.emulator.scrolledBack == 0 && width > 0 && height > 0
  }

  package func draw(
    into grid: inout CellGrid, column: Int, row: Int, width: Int, height: Int, kept: Int?
  ) -> GridDrawing? {
    guard drawsIntoGrid(width: width, height: height) else { return nil }
    if session.ending == nil { session.resize(rows: height, columns: width) }
    let emulator = session.emulator
    let rows = min(height, emulator.rows)
    let columns = min(width, emulator.columns)
    let changed =
      kept.map { spansChanged(sinceKept: $0, height: height) }
      ?? (rows: Array(0..<height), spans: nil)
    let drawn = changed.rows
    // Where the program left its cursor, if it shows in the region.
    func cursorPlaced() -> FrameWriter.Cursor? {
      let cursor = emulator.cursor
      return session.ending == nil && emulator.cursorVisible && cursor.row < rows
        && cursor.column < columns
        ? FrameWriter.Cursor(
          column: cursor.column, row: cursor.row, shapeCode: emulator.cursorShapeCode) : nil
    }
    // Nothing changed (a pane beside the one that took a key): nothing to make ready.
    guard !drawn.isEmpty else { return GridDrawing(rows: [], cursor: cursorPlaced()) }
    // Taken out of `self` while the rows are drawn: a class's property changed a cell at a time
    // would be checked for exclusive access each time.
    var styles = TerminalGridStyles()
    swap(&styles, &gridStyles)
    defer { swap(&styles, &gridStyles) }
    styles.prepare(for: emulator)
    var wider: [(cell: TabShellCell, column: Int, width: Int)] = []
    let reverse = emulator.isReverse
    // Blanks of style 0 whose style is the plain one are what writeRow's fill leaves: those at a
    // row's end (most of a shell's row) are not written again.
    let blankIsPlain = styles.style(0, of: emulator, reverse: reverse) == .plain
    for (position, offset) in drawn.enumerated() where offset < height {
      let target = row + offset
      guard offset < rows else {
        grid.writeRow(target, columns: column..<(column + width)) { _ in }
        continue
      }
      // Not scrolled back: the view's rows are the screen's.
      let cells = emulator.screenRows[offset]
      // The columns drawn again: the row's span of changed cells (the rest of the row is in the
      // grid as the last drawing left it) and a cell more on either side, whole wide characters
      // (a cell's look depends on the one after it: a wide character's on its continuation);
      // else the whole row, and what the region has past the screen's columns.
      var (lower, upper) = (0, width)
      if let span = changed.spans?[position] {
        lower = max(0, min(span.lowerBound, columns) - 1)
        if lower > 0, cells[lower].glyph == TerminalCells.continuation { lower -= 1 }
        upper = min(columns, span.upperBound + 1)
        if upper < columns, cells[upper].glyph == TerminalCells.continuation { upper += 1 }
      }
      var end = min(upper, columns)
      if blankIsPlain {
        while end > lower, cells[end - 1].style == 0,
          cells[end - 1].glyph == 0 || cells[end - 1].glyph == 32
        {
          end -= 1
        }
      }
      wider.removeAll(keepingCapacity: true)
      grid.writeRow(target, columns: (column + lower)..<(column + upper)) { row in
        var index = lower
        while index < end {
          let cell = cells[index]
          let cellWidth =
            index + 1 < columns && cells[index + 1].glyph == TerminalCells.continuation ? 2 : 1
          if let character = TerminalRun.character(of: cell, width: cellWidth) {
            row.put(
              ascii: character, style: styles.style(cell.style, of: emulator, reverse: reverse),
              column: column + index)
          } else {
            wider.append((cell, index, cellWidth))
          }
          index += cellWidth
        }
      }
      for (cell, index, cellWidth) in wider {
        let style = styles.cellStyle(cell.style, of: emulator, reverse: reverse)
        if cell.glyph == 0 || cell.glyph == 32 || cell.glyph == TerminalCells.continuation {
          grid.fill(
            row: target, columns: (column + index)..<(column + index + cellWidth), style: style)
        } else {
          grid.write(
            cluster: emulator.text(of: cell.glyph), width: cellWidth, column: column + index,
            row: target, style: style, clip: column..<(column + width))
        }
      }
    }
    // The rows as they came when all are in the region (no new array each frame).
    let inRegion = drawn.allSatisfy { $0 < height } ? drawn : drawn.filter { $0 < height }
    return GridDrawing(rows: inRegion, cursor: cursorPlaced())
  }
}

/// The grid's stored style of each of a terminal's style indices (``TerminalStyleTable``), made
/// from its canvas style.
struct TerminalGridStyles {
  private var table = TerminalStyleTable<StoredStyle>()
  private var canvas = TerminalCanvasStyles()

  /// Drops what `emulator`'s tables made stale.
  mutating func prepare(for emulator: TerminalEmulator) {
    table.prepare(for: emulator)
    canvas.prepare(for: emulator)
  }

  /// The stored style of a style index of `emulator` (after ``prepare(for:)``), in reverse video
  /// when `reverse`.
  @inline(__always)
  mutating func style(_ index: UInt32, of emulator: TerminalEmulator, reverse: Bool) -> StoredStyle
  {
    if let style = table.kept(index, reverse: reverse) { return style }
    let style = StoredStyle(cellStyle(index, of: emulator, reverse: reverse))
    table.keep(style, for: index, reverse: reverse)
    return style
  }

  /// The grid's style of a style index of `emulator` (after ``prepare(for:)``).
  mutating func cellStyle(_ index: UInt32, of emulator: TerminalEmulator, reverse: Bool)
    -> CellStyle
  {
    CellStyle(canvas.style(index, of: emulator, reverse: reverse))
  }
}
