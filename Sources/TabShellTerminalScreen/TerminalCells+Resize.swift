import CVTerm

/// A terminal's cells when its size or a line's double width changes, as libvterm's screen layer
/// has them: rows that the shrinking screen would lose go to the scrollback, lines come back from
/// it when the screen grows, and columns are cut or blank-padded.
extension TerminalCells {
  /// Makes the screens `newRows` × `newColumns`; `delta` gets how far the cursor moves with the
  /// lines.
  mutating func resize(rows newRows: Int, columns newColumns: Int, delta: inout VTermPos) {
    let oldRows = rows
    stateRows = newRows
    forgetLastGlyph()
    wholeScreenDamaged = true
    if !onAlternate, newRows < oldRows {
      // Lines go to the scrollback as far as the cursor's row and what is below it hold
      // something, but never past the cursor: libvterm's screen layer moves the cursor above the
      // top then, and the state layer writes outside its arrays.
      var cursor = VTermPos()
      vterm_state_get_cursorpos(state, &cursor)
      var row = oldRows - 1
      while row >= newRows, isEmpty(row: row, from: 0), Int(cursor.row) != row { row -= 1 }
      let lost = min(row + 1 - newRows, Int(cursor.row))
      if lost > 0 {
        let whole = VTermRect(
          start_row: 0, end_row: Int32(oldRows), start_col: 0, end_col: Int32(columns))
        scroll(whole, downward: lost, rightward: 0)
        delta.row -= Int32(lost)
      }
    }
    let shown = onAlternate
    primary = reallocate(
      primary, rows: primarySize.rows, columns: primarySize.columns,
      to: newRows, newColumns)
    alternate = reallocate(alternate, rows: rows, columns: columns, to: newRows, newColumns)
    primarySize = (newRows, newColumns)
    lines = shown ? alternate : primary
    rows = newRows
    columns = newColumns
    guard !shown, newRows > oldRows else { return }
    for _ in oldRows..<newRows {
      guard let line = scrollback.pointee.popLast(tables: &tables) else { break }
      let whole = VTermRect(
        start_row: 0, end_row: Int32(rows), start_col: 0, end_col: Int32(columns))
      scroll(whole, downward: -1, rightward: 0)
      let count = min(line.cells.count, columns)
      var cells = line.cells
      // Kept as shown: in reverse video, stored back without it (libvterm's screen layer's
      // `vterm_screen_set_cell`).
      if reverse {
        for index in cells.indices {
          var style = tables.style(cells[index].style)
          style.attributes.formSymmetricDifference(.reverse)
          cells[index].style = tables.index(of: style)
        }
      }
      cells.withUnsafeBufferPointer { cells in
        if let base = cells.baseAddress { lines[0].update(from: base, count: count) }
      }
      // The blanks after it are the default ones, as the line was kept without them.
      if count < columns {
        tabshell_cells_fill(lines[0] + count, TabShellCell(), Int32(columns - count))
      }
      setWrapped(line.wrapped, row: 0)
      delta.row += 1
    }
  }

  /// Shows the alternate screen or the primary one.
  mutating func showAlternate(_ alternate: Bool) {
    if alternate != onAlternate { wholeScreenDamaged = true }
    onAlternate = alternate
    lines = alternate ? self.alternate : primary
    forgetLastGlyph()
  }

  /// Blanks the right half of a row that became double-width, as libvterm's screen layer does.
  mutating func setLineInfo(row: Int, new: VTermLineInfo, old: VTermLineInfo) {
    guard row >= 0, row < rows, new.doublewidth != 0,
      new.doublewidth != old.doublewidth || new.doubleheight != old.doubleheight
    else { return }
    let half = VTermRect(
      start_row: Int32(row), end_row: Int32(row + 1), start_col: Int32(columns / 2),
      end_col: Int32(columns))
    erase(half, selective: false)
  }

  /// A screen's rows at a new size: the cells that fit kept (and the rows' marks), the rest blank
  /// with the pen's background.
  private func reallocate(
    _ old: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>, rows oldRows: Int,
    columns oldColumns: Int, to newRows: Int, _ newColumns: Int
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>> {
    let blank = TabShellCell(glyph: 0, style: erasePen)
    let new = Self.allocate(rows: newRows, columns: newColumns, blank: blank)
    for row in 0..<min(oldRows, newRows) {
      new[row].update(from: old[row], count: min(oldColumns, newColumns))
      new[row][-1].glyph = old[row][-1].glyph | TABSHELL_ROW_DAMAGED
    }
    Self.deallocate(old, rows: oldRows)
    return new
  }
}
