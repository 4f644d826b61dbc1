import CVTerm

/// A terminal's cells when its size or a line's double width changes (docs/Contract.md,
/// "Terminal tabs"): on the primary screen, rows that the shrinking screen would lose go to the
/// scrollback and lines come back from it when the screen grows, as libvterm's screen layer has
/// them, then the lines are reflowed to the new width as tmux reflows them
/// (``reflow(_:columns:to:cursor:)``); the alternate screen's columns are cut or blank-padded, and
/// the primary screen waits, at the size it had, until it is shown again, as tmux resizes it then.
extension TerminalCells {
  /// Makes the screens `newRows` × `newColumns`; `delta` gets how far the cursor moves with its
  /// character.
  mutating func resize(rows newRows: Int, columns newColumns: Int, delta: inout VTermPos) {
    stateRows = newRows
    forgetLastGlyph()
    wholeScreenDamaged = true
    pendingCursor = nil
    alternate = reallocate(alternate, rows: rows, columns: columns, to: newRows, newColumns)
    defer {
      lines = onAlternate ? alternate : primary
      rows = newRows
      columns = newColumns
    }
    guard !onAlternate else { return }
    var cursor = VTermPos()
    vterm_state_get_cursorpos(state, &cursor)
    let pending = isWrapPending(at: cursor, rows: newRows)
    let moved = resizePrimary(
      rows: newRows, columns: newColumns,
      cursor: (Int(cursor.row), Int(cursor.col)), pendingWrap: pending)
    delta.row = Int32(moved.row) - cursor.row
    // libvterm moves a cursor waiting to wrap one column right itself when the screen widens.
    let stepped = pending && Int(cursor.col) < newColumns - 1 ? 1 : 0
    delta.col = Int32(moved.column - stepped) - cursor.col
  }

  /// Whether libvterm's cursor at `cursor` waits past the last column to wrap (read from its
  /// state, whose size is already `rows`; `false` where its layout is not the one known).
  private func isWrapPending(at cursor: VTermPos, rows: Int) -> Bool {
    let head = tabshell_vterm_state_head(state)
    return head.rows == Int32(rows) && head.pos.row == cursor.row && head.pos.col == cursor.col
      && head.at_phantom != 0
  }

  /// Shows the alternate screen or the primary one; the primary screen, shown again at another
  /// size than it had, is resized then, its cursor the one saved with it (``pendingCursor``).
  mutating func showAlternate(_ alternate: Bool) {
    if alternate != onAlternate { wholeScreenDamaged = true }
    onAlternate = alternate
    forgetLastGlyph()
    if !alternate, primarySize != (rows, columns) {
      let saved = savedCursor ?? (0, 0)
      pendingCursor = resizePrimary(
        rows: rows, columns: columns,
        cursor: (min(saved.row, primarySize.rows - 1), min(saved.column, primarySize.columns - 1)),
        pendingWrap: false)
    }
    lines = alternate ? self.alternate : primary
  }

  /// Makes the primary screen `newRows` × `newColumns` with its cursor at `cursor` (past it when a
  /// wrap is pending): rows to or from the scrollback at its old width, then its lines reflowed
  /// to the new one. Where the cursor is then.
  private mutating func resizePrimary(
    rows newRows: Int, columns newColumns: Int, cursor: (row: Int, column: Int),
    pendingWrap: Bool
  ) -> (row: Int, column: Int) {
    let (oldRows, oldColumns) = primarySize
    var screen = (0..<oldRows).map { primary[$0] }
    primary.deallocate()
    var cursorRow = cursor.row
    if newRows < oldRows {
      // Lines go to the scrollback as far as the cursor's row and what is below it hold
      // something, but never past the cursor: libvterm's screen layer moves the cursor above the
      // top then, and the state layer writes outside its arrays.
      var row = oldRows - 1
      while row >= newRows, Self.isEmpty(screen[row], columns: oldColumns), cursorRow != row {
        row -= 1
      }
      let lost = max(0, min(row + 1 - newRows, cursorRow))
      for index in 0..<lost {
        scrollback.pointee.push(
          screen[index], columns: oldColumns, reverse: reverse, tables: tables)
        Self.deallocateRow(screen[index])
      }
      screen.removeFirst(lost)
      cursorRow -= lost
      while screen.count > newRows, let last = screen.popLast() { Self.deallocateRow(last) }
    }
    while screen.count < newRows {
      // Lines come back from the scrollback to the top, then blank rows at the bottom.
      guard let line = scrollback.pointee.popLast(tables: &tables) else {
        // Blank with the pen's background, as libvterm's screen layer grows a screen.
        let blank = TabShellCell(glyph: 0, style: erasePen)
        screen.append(Self.allocateRow(columns: oldColumns, blank: blank))
        continue
      }
      let taken = row(of: line.cells, wrapped: line.wrapped, columns: oldColumns, shown: true)
      screen.insert(taken, at: 0)
      cursorRow += 1
    }
    var cursorColumn = cursor.column
    if newColumns != oldColumns {
      let reflowed = reflow(
        screen, columns: oldColumns, to: newColumns,
        cursor: (cursorRow, cursor.column + (pendingWrap ? 1 : 0)))
      for row in screen { Self.deallocateRow(row) }
      screen = reflowed.rows.map { row(of: $0.cells, wrapped: $0.wrapped, columns: newColumns) }
      (cursorRow, cursorColumn) = reflowed.cursor
    }
    primary = .allocate(capacity: max(1, newRows))
    for (index, row) in screen.enumerated() {
      tabshell_row_damage_whole(row)
      primary[index] = row
    }
    primarySize = (newRows, newColumns)
    return (cursorRow, min(cursorColumn, newColumns - 1))
  }

  /// A row of `columns` cells holding `cells` (cut to fit; the rest empty), its wrapped mark set
  /// as said; cells kept in the scrollback (`shown`) with reverse video taken off.
  private mutating func row(
    of cells: [TabShellCell], wrapped: Bool, columns: Int, shown: Bool = false
  ) -> UnsafeMutablePointer<TabShellCell> {
    let row = Self.allocateRow(columns: columns, blank: TabShellCell())
    for (index, cell) in cells.prefix(columns).enumerated() {
      var cell = cell
      if shown, reverse {
        var style = tables.style(cell.style)
        style.attributes.formSymmetricDifference(.reverse)
        cell.style = tables.index(of: style)
      }
      row[index] = cell
    }
    // A wide character cut by the edge keeps its left half alone.
    row[-1].glyph = wrapped ? TABSHELL_ROW_WRAPPED : 0
    return row
  }

  /// Whether a row of `columns` cells holds nothing.
  private static func isEmpty(_ row: UnsafeMutablePointer<TabShellCell>, columns: Int) -> Bool {
    for index in 0..<columns where row[index].glyph != 0 { return false }
    return true
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
      new[row][-1].glyph = old[row][-1].glyph
      tabshell_row_damage_whole(new[row])
    }
    Self.deallocate(old, rows: oldRows)
    return new
  }
}
