import CVTerm
@_spi(Host) import TabShellKit

/// Copy mode on a terminal screen (docs/Contract.md, "Copy mode, buffers and the clipboard"): the
/// view frozen on what the terminal showed and kept (``CopyMode``), drawn with the copy cursor as
/// the terminal's cursor, the selection and the matches of the last search in view highlighted
/// (in tmux's colours: black on yellow, on cyan, on magenta for the match at the cursor), and
/// `[N/M]` at the top right. Output still comes meanwhile: the program runs on, the scrollback
/// grows, and the view shows it once copy mode ends.
extension TerminalScreen {
  /// The selection's style, and the position's: tmux's `mode-style`.
  static let selectionStyle = Canvas.Style(foreground: .black, background: .yellow)
  /// A match's style, and the match's at the cursor: tmux's `copy-mode-match-style` and
  /// `copy-mode-current-match-style`.
  static let matchStyle = Canvas.Style(foreground: .black, background: .cyan)
  static let currentMatchStyle = Canvas.Style(foreground: .black, background: .magenta)

  /// Whether the screen is in copy mode.
  var isCopying: Bool { copy != nil }

  /// Enters copy mode (nothing when it is in it already).
  func enterCopyMode() {
    guard copy == nil else { return }
    copy = CopyMode(session.emulator)
    sessions?.copyModeChanges &+= 1
    context.setNeedsDisplay()
  }

  /// Leaves copy mode: the view goes back to the program's screen.
  func leaveCopyMode() {
    guard copy != nil else { return }
    copy = nil
    sessions?.copyModeChanges &+= 1
    session.emulator.scrolledBack = 0
    context.setNeedsDisplay()
  }

  /// Changes copy mode with `change` (entering it first when `enters`), and draws again; what
  /// `change` returns, or `nil` when the screen is not in copy mode and does not enter it.
  func changeCopy<Result>(
    entering enters: Bool = false, _ change: (inout CopyMode, TerminalEmulator) -> Result
  ) -> Result? {
    if enters { enterCopyMode() }
    guard var mode = copy else { return nil }
    let emulator = session.emulator
    mode.settle(in: emulator)
    let result = change(&mode, emulator)
    copy = mode
    context.setNeedsDisplay()
    return result
  }

  /// The terminal was resized while in copy mode: the document is made again from what it shows
  /// now, the cursor as far from its last line as it was; the selection and its lines stay when
  /// only the rows changed (the lines keep their numbers), and go when the columns did.
  func copyModeResized() {
    guard let old = copy else { return }
    let emulator = session.emulator
    var mode = CopyMode(emulator)
    mode.search = old.search
    if old.document.columns == emulator.columns {
      mode.cursor = old.cursor
      mode.anchor = old.anchor
      mode.shape = old.shape
    } else {
      mode.cursor.line = mode.last - (old.last - old.cursor.line)
      mode.cursor.column = min(old.cursor.column, max(0, emulator.columns - 1))
    }
    mode.cursor.line = min(mode.cursor.line, mode.last)
    mode.wantedColumn = mode.cursor.column
    mode.top = mode.cursor.line - (old.cursor.line - old.top)
    mode.settle(in: emulator)
    copy = mode
  }

  /// Draws copy mode's view in `rows` × `columns` of the canvas.
  func drawCopy(in canvas: inout Canvas, rows: Int, columns: Int) {
    let emulator = session.emulator
    if let mode = copy, mode.document.columns != emulator.columns || mode.height != emulator.rows {
      copyModeResized()
    }
    guard var mode = copy else { return }
    mode.settle(in: emulator)
    copy = mode
    var run = TerminalRun()
    var text = CopyLineText()
    canvasStyles.prepare(for: emulator)
    for row in 0..<rows {
      let line = mode.top + row
      guard line < mode.document.end else { break }
      let cells = mode.document.cells(line, in: emulator)
      cells.withUnsafeBufferPointer { cells in
        guard let base = cells.baseAddress else { return }
        Self.draw(
          row: row, cells: base, count: min(columns, cells.count), run: &run, in: &canvas,
          styles: &canvasStyles, emulator: emulator, reverse: false)
      }
      if let search = mode.search {
        for match in mode.matches(of: search.pattern, in: line, text: &text, emulator: emulator) {
          let current = line == mode.cursor.line && match.lowerBound == mode.cursor.column
          highlight(
            match, of: cells, row: row, columns: columns, in: &canvas,
            style: current ? Self.currentMatchStyle : Self.matchStyle)
        }
      }
      if let selected = mode.selectedColumns(of: line) {
        highlight(
          selected, of: cells, row: row, columns: columns, in: &canvas, style: Self.selectionStyle)
      }
    }
    let row = mode.cursor.line - mode.top
    if row >= 0, row < rows, mode.cursor.column < columns {
      canvas.cursor = Canvas.Cursor(row: row, column: mode.cursor.column)
    }
    let (line, lines) = mode.position(in: emulator)
    let position = "[\(line)/\(lines)]"
    canvas.write(
      position, row: 0, column: max(0, columns - position.count), style: Self.selectionStyle)
  }

  /// Draws the cells of `range` (past the line's cells, blanks; up to the last column) again in
  /// `style`.
  private func highlight(
    _ range: ClosedRange<Int>, of cells: [TabShellCell], row: Int, columns: Int,
    in canvas: inout Canvas, style: Canvas.Style
  ) {
    let emulator = session.emulator
    var column = max(0, range.lowerBound)
    if column > 0, column < cells.count, cells[column].glyph == TerminalCells.continuation {
      column -= 1
    }
    let end = min(range.upperBound, columns - 1)
    var plain = ""
    var plainStart = column
    func flush() {
      if !plain.isEmpty { canvas.write(plain, row: row, column: plainStart, style: style) }
      plain = ""
    }
    while column <= end {
      let glyph = column < cells.count ? cells[column].glyph : 0
      let wide = column + 1 < cells.count && cells[column + 1].glyph == TerminalCells.continuation
      if !wide, glyph < 0x7F {
        if plain.isEmpty { plainStart = column }
        plain.unicodeScalars.append(Unicode.Scalar(UInt8(glyph < 0x20 ? 0x20 : glyph)))
        column += 1
        continue
      }
      flush()
      let width = wide ? 2 : 1
      if column + width - 1 < columns {
        canvas.write(
          cluster: emulator.text(of: glyph), width: width, row: row, column: column, style: style)
      }
      column += width
    }
    flush()
  }
}
