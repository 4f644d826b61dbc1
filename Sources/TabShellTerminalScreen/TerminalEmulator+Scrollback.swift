import CVTerm

/// Scrolling back through the lines kept (docs/Contract.md, "Terminal tabs"): the view is the
/// terminal's screen moved down by ``TerminalEmulator/scrolledBack`` rows, the kept lines above
/// it.
extension TerminalEmulator {
  /// A row of the view: a kept line's cells (without their trailing blanks), or a row of the
  /// screen.
  enum ViewRow {
    case kept([TabShellCell])
    case screen(Int)
  }

  /// Scrolls the view back (`lines` > 0) or towards the screen (`lines` < 0), within the lines
  /// kept; whether the view moved.
  @discardableResult
  func scrollBack(by lines: Int) -> Bool {
    let old = scrolledBack
    let step = min(max(lines, -scrollback.count), scrollback.count)
    scrolledBack = min(max(0, scrolledBack + step), scrollback.count)
    return scrolledBack != old
  }

  /// What the view shows at a row (0-based).
  func viewRow(_ row: Int) -> ViewRow {
    let line = scrollback.count - scrolledBack + row
    guard line < scrollback.count else { return .screen(line - scrollback.count) }
    return .kept(keptLine(line))
  }

  /// Whether the alternate screen is shown (it keeps no lines).
  var onAlternateScreen: Bool { cells.pointee.onAlternate }

  /// Cells from a line's encoded bytes (``TerminalLineCoding``), their styles and clusters added
  /// to the tables (which keep them until they are next rebuilt, between two writes).
  func decode(_ bytes: ArraySlice<UInt8>) -> [TabShellCell] {
    TerminalLineCoding.decode(bytes, tables: &cells.pointee.tables)
  }

  /// A row of the screen shown, encoded as the scrollback keeps a line (without its trailing
  /// blanks unless it wrapped; reverse video applied).
  func encodedRow(_ row: Int) -> [UInt8] {
    let line = screenRows[row]
    let wrapped = isWrapped(row: row)
    let tables = cells.pointee.tables
    let end = TerminalScrollback.contentEnd(
      line, columns: columns, wrapped: wrapped, reverse: isReverse, tables: tables)
    var bytes: [UInt8] = []
    TerminalLineCoding.encode(
      UnsafeBufferPointer(start: line, count: end), reverse: isReverse, tables: tables,
      into: &bytes)
    return bytes
  }
}
