import CVTerm

/// The lines copy mode shows and moves over (docs/Contract.md, "Copy mode, buffers and the
/// clipboard"): the lines the terminal kept when copy mode began, then its screen as it was then
/// (on the alternate screen, that screen alone, as tmux shows it). Output that comes meanwhile
/// changes none of them: the screen's rows are a copy, encoded as the scrollback keeps a line,
/// and the kept lines never change once kept. The oldest kept lines may go meanwhile (past the
/// scrollback's bounds): the document then starts later.
///
/// A line is numbered for good: a kept line by its index plus the lines ever dropped before it
/// (``TerminalScrollback/dropped``), the screen's rows after the last kept line. A cursor or a
/// selection held in those numbers stays on its text whatever scrolls or goes.
struct CopyDocument {
  /// The number of the first line the document may show: 0 on the main screen (the oldest kept
  /// line, whichever that is now), the first row of the screen on the alternate one.
  let start: Int
  /// The number after the last kept line shown: the screen's first row.
  let screenStart: Int
  /// The screen's rows when copy mode began, encoded, and whether each wrapped into the next.
  let rows: [[UInt8]]
  let wrapped: [Bool]
  /// The terminal's columns when copy mode began.
  let columns: Int

  /// The document of `emulator` as it is now.
  init(_ emulator: TerminalEmulator) {
    let scrollback = emulator.scrollback
    screenStart = scrollback.dropped + scrollback.count
    start = emulator.onAlternateScreen ? screenStart : 0
    rows = (0..<emulator.rows).map { emulator.encodedRow($0) }
    wrapped = (0..<emulator.rows).map { emulator.isWrapped(row: $0) }
    columns = emulator.columns
  }

  /// The first line there is now (older ones may have been dropped since).
  func first(in emulator: TerminalEmulator) -> Int {
    max(start, emulator.scrollback.dropped)
  }

  /// The number after the last line.
  var end: Int { screenStart + rows.count }

  /// Calls `body` with a line's encoded bytes (nothing for a line that is gone).
  func withBytes<Result>(
    of line: Int, in emulator: TerminalEmulator, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if line >= screenStart, line < end {
      return rows[line - screenStart].withUnsafeBufferPointer(body)
    }
    let scrollback = emulator.scrollback
    let index = line - scrollback.dropped
    guard line >= start, index >= 0, index < scrollback.count else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    return scrollback.withBytes(of: index, body)
  }

  /// A line's cells (without its trailing blanks, unless it wrapped), their styles and clusters in
  /// the emulator's tables.
  func cells(_ line: Int, in emulator: TerminalEmulator) -> [TabShellCell] {
    if line >= screenStart, line < end { return emulator.decode(rows[line - screenStart][...]) }
    let index = line - emulator.scrollback.dropped
    guard line >= start, index >= 0, index < emulator.scrollback.count else { return [] }
    return emulator.keptLine(index)
  }

  /// Whether a line wrapped into the next (the two are one line of the program's).
  func isWrapped(_ line: Int, in emulator: TerminalEmulator) -> Bool {
    if line >= screenStart, line < end { return wrapped[line - screenStart] }
    let index = line - emulator.scrollback.dropped
    guard line >= start, index >= 0, index < emulator.scrollback.count else { return false }
    return emulator.scrollback.entry(index).isWrapped
  }

  /// The text of a line's cells in `columns` (a wide character once, an empty cell a blank).
  func text(_ line: Int, columns: ClosedRange<Int>, in emulator: TerminalEmulator) -> String {
    let cells = cells(line, in: emulator)
    var text = ""
    var column = columns.lowerBound
    // A start behind a wide character takes the character.
    if column > 0, column < cells.count, cells[column].glyph == TerminalCells.continuation {
      column -= 1
    }
    while column <= columns.upperBound, column < cells.count {
      let glyph = cells[column].glyph
      if glyph != TerminalCells.continuation {
        text += glyph == 0 ? " " : emulator.text(of: glyph)
      }
      column += 1
    }
    return text
  }
}
