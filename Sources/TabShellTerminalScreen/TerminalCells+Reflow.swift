import CVTerm

/// The primary screen's lines reflowed to a new width, as tmux's `grid_reflow` does
/// (docs/Contract.md, "Terminal tabs"): the rows of a line that wrapped are joined and split again
/// at the new width, in the scrollback and on the screen; the screen is the last rows of it all (the
/// lines pushed into the scrollback when they take more rows, taken back when they take fewer), and
/// the cursor stays on its character.
extension TerminalCells {
  /// A row made by a reflow: its cells (at most the new width) and whether its line goes on in
  /// the next.
  struct ReflowedRow {
    var cells: [TabShellCell]
    var wrapped: Bool
  }

  /// Reflows the scrollback and the primary screen's `screen` rows of `oldColumns` cells to
  /// `newColumns`, the screen keeping as many rows; the cursor is at a row and column of it
  /// (past the last column while a wrap is pending). The new rows (to be allocated) and where the
  /// cursor is on them.
  mutating func reflow(
    _ screen: [UnsafeMutablePointer<TabShellCell>], columns oldColumns: Int, to newColumns: Int,
    cursor: (row: Int, column: Int)
  ) -> (rows: [ReflowedRow], cursor: (row: Int, column: Int)) {
    let scrolledBack = scrollback.pointee.scrolledBack
    scrollback.pointee.scrolledBack = 0
    var old = scrollback.pointee.takeAll()
    // The lines of the scrollback, each moved as it is or reflowed; one that goes on in the
    // screen's first row is carried into it (as the screen has cells: reverse video taken off).
    var carried: [TabShellCell] = []
    var line = 0
    while line < old.count {
      var last = line
      while last < old.count, old.entry(last).isWrapped { last += 1 }
      if last == old.count {
        for index in line..<old.count { carried += shown(old.cells(index, tables: &tables)) }
        break
      }
      let entry = old.entry(line)
      if line == last, entry.cells <= newColumns {
        scrollback.pointee.appendEncoded(old.encoded(line), cells: entry.cells, wrapped: false)
      } else {
        var cells: [TabShellCell] = []
        for index in line...last { cells += old.cells(index, tables: &tables) }
        for row in Self.split(cells, width: newColumns) {
          row.cells.withUnsafeBufferPointer {
            scrollback.pointee.append($0, wrapped: row.wrapped, tables: tables)
          }
        }
      }
      line = last + 1
    }
    old = TerminalScrollback(limit: 0, byteLimit: 0)
    // The screen's lines, the first after what was carried.
    var rows: [ReflowedRow] = []
    var cursorAt: (row: Int, column: Int)?
    var pending = carried
    var cursorOffset: Int?
    for (index, row) in screen.enumerated() {
      let wrapped = row[-1].glyph & TABSHELL_ROW_WRAPPED != 0 && index < screen.count - 1
      let end =
        wrapped
        ? TerminalScrollback.contentEnd(row, columns: oldColumns, wrapped: true, tables: tables)
        : writtenEnd(row, columns: oldColumns)
      if index == cursor.row { cursorOffset = pending.count + cursor.column }
      pending += UnsafeBufferPointer(start: row, count: end)
      guard !wrapped else { continue }
      let split = Self.split(pending, width: newColumns)
      if let offset = cursorOffset {
        cursorAt = Self.place(offset, in: split, width: newColumns, first: rows.count)
        cursorOffset = nil
      }
      rows += split
      pending = []
    }
    // The screen is the last rows of it all: rows past it go to the scrollback, lines come back
    // from it for rows short of it, blank rows fill the rest.
    var cursorRow = cursorAt?.row ?? 0
    if rows.count > screen.count {
      let moved = rows.count - screen.count
      for row in rows.prefix(moved) {
        row.cells.withUnsafeBufferPointer {
          scrollback.pointee.append($0, wrapped: row.wrapped, reverse: reverse, tables: tables)
        }
      }
      rows.removeFirst(moved)
      cursorRow -= moved
    }
    while rows.count < screen.count, let line = scrollback.pointee.popLast(tables: &tables) {
      rows.insert(ReflowedRow(cells: shown(line.cells), wrapped: line.wrapped), at: 0)
      cursorRow += 1
    }
    while rows.count < screen.count { rows.append(ReflowedRow(cells: [], wrapped: false)) }
    scrollback.pointee.scrolledBack = min(scrolledBack, scrollback.pointee.count)
    // A cursor whose line went into the scrollback is at the top left, as tmux puts it.
    guard let column = cursorAt?.column, cursorRow >= 0 else { return (rows, (0, 0)) }
    return (rows, (cursorRow, min(column, newColumns - 1)))
  }

  /// Where a line's content ends for a reflow: after its last cell written to (a space too) or
  /// with a background of its own, as tmux counts a line's cells.
  private func writtenEnd(_ row: UnsafePointer<TabShellCell>, columns: Int) -> Int {
    var end = columns
    while end > 0 {
      let cell = row[end - 1]
      guard cell.glyph == 0, cell.style == 0 || tables.style(cell.style).background == .default
      else { break }
      end -= 1
    }
    return end
  }

  /// Cells kept in the scrollback as the screen has them: reverse video, applied to them when
  /// they were kept, taken off.
  private mutating func shown(_ cells: [TabShellCell]) -> [TabShellCell] {
    guard reverse else { return cells }
    var cells = cells
    for index in cells.indices {
      var style = tables.style(cells[index].style)
      style.attributes.formSymmetricDifference(.reverse)
      cells[index].style = tables.index(of: style)
    }
    return cells
  }

  /// A line's cells split into rows of `width` columns: a wide character that does not fit in a
  /// row's last column goes to the next row whole, leaving that column empty; every row but the
  /// last wraps into the next. An empty line is one empty row.
  static func split(_ cells: [TabShellCell], width: Int) -> [ReflowedRow] {
    var rows = [ReflowedRow(cells: [], wrapped: false)]
    var used = 0
    var index = 0
    while index < cells.count {
      let wide = index + 1 < cells.count && cells[index + 1].glyph == TABSHELL_CONTINUATION
      let columns = wide && width > 1 ? 2 : 1
      if used + columns > width, used > 0 {
        rows[rows.count - 1].wrapped = true
        rows.append(ReflowedRow(cells: [], wrapped: false))
        used = 0
      }
      rows[rows.count - 1].cells += cells[index..<(index + columns)]
      used += columns
      index += wide ? 2 : 1
    }
    return rows
  }

  /// Where an offset into a line's cells is on its `rows` (the first of them at `first`): the row
  /// and column holding it, or the end of the last row for one past the line's cells (as tmux
  /// puts a cursor past a line's end).
  static func place(_ offset: Int, in rows: [ReflowedRow], width: Int, first: Int)
    -> (row: Int, column: Int)
  {
    var start = 0
    for (index, row) in rows.enumerated() {
      // A wide character sent to the next row left its cell behind: count the row's columns.
      if offset < start + row.cells.count { return (first + index, offset - start) }
      start += row.cells.count
    }
    return (first + rows.count - 1, rows.last?.cells.count ?? 0)
  }
}
