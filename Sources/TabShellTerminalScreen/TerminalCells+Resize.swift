import CVTerm

/// A terminal's cells when its size or a line's double width changes, as libvterm's screen layer
/// has them: rows that the shrinking screen would lose go to the scrollback, lines come back from
/// it when the screen grows, and columns are cut or blank-padded (lines are not reflowed).
extension TerminalCells {
  /// Makes the screens `newRows` × `newColumns`; `delta` gets how far the cursor moves with the
  /// lines.
  mutating func resize(rows newRows: Int, columns newColumns: Int, delta: inout VTermPos) {
    let oldRows = rows
    stateRows = newRows
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
    primary = reallocate(primary, rows: newRows, columns: newColumns)
    alternate = reallocate(alternate, rows: newRows, columns: newColumns)
    lines = shown ? alternate : primary
    rows = newRows
    columns = newColumns
    guard !shown, newRows > oldRows else { return }
    var blank = VTermScreenCell()
    blank.width = 1
    vterm_state_get_default_colors(state, &blank.fg, &blank.bg)
    for _ in oldRows..<newRows {
      guard let line = scrollback.pointee.popLast() else { break }
      let whole = VTermRect(
        start_row: 0, end_row: Int32(rows), start_col: 0, end_col: Int32(columns))
      scroll(whole, downward: -1, rightward: 0)
      var column = 0
      while column < columns {
        let cell = column < line.count ? line[column] : blank
        set(cell, column: column)
        column += max(1, Int(cell.width))
      }
      delta.row += 1
    }
  }

  /// Shows the alternate screen or the primary one.
  mutating func showAlternate(_ alternate: Bool) {
    onAlternate = alternate
    lines = alternate ? self.alternate : primary
  }

  /// Marks a row's cells as on a double-width or double-height line; the right half of a
  /// double-width line is blanked.
  mutating func setLineInfo(row: Int, new: VTermLineInfo, old: VTermLineInfo) {
    guard row >= 0, row < rows,
      new.doublewidth != old.doublewidth || new.doubleheight != old.doubleheight
    else { return }
    let line = lines[row]
    for column in 0..<columns {
      line[column].attrs.dwl = new.doublewidth
      line[column].attrs.dhl = new.doubleheight
    }
    if new.doublewidth != 0 {
      let half = VTermRect(
        start_row: Int32(row), end_row: Int32(row + 1), start_col: Int32(columns / 2),
        end_col: Int32(columns))
      erase(half, selective: false)
    }
  }

  /// Writes a cell read earlier back into the first row (libvterm's `vterm_screen_set_cell`).
  private mutating func set(_ cell: VTermScreenCell, column: Int) {
    let line = lines[0]
    var stored = cell
    if reverse { stored.attrs.reverse ^= 1 }
    stored.attrs.dwl = line[column].attrs.dwl
    stored.attrs.dhl = line[column].attrs.dhl
    stored.width = 1
    line[column] = stored
    if cell.width == 2, column + 1 < columns { line[column + 1].chars.0 = Self.continuation }
  }

  /// A screen's rows at a new size: the cells that fit kept, the rest blank with the pen.
  private func reallocate(
    _ old: UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>, rows newRows: Int,
    columns newColumns: Int
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>> {
    var blank = pen
    blank.chars.0 = 0
    blank.width = 1
    let new = UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>.allocate(
      capacity: newRows)
    for row in 0..<newRows {
      new[row] = .allocate(capacity: newColumns)
      new[row].initialize(repeating: blank, count: newColumns)
      if row < rows {
        new[row].update(from: old[row], count: min(columns, newColumns))
      }
    }
    for row in 0..<rows { old[row].deallocate() }
    old.deallocate()
    return new
  }
}
