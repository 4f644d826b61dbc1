import CVTerm

/// The cells of a terminal's two screens (primary and alternate), written by libvterm's state layer
/// through its callbacks: TabShell's screen layer, in place of libvterm's own
/// (docs/Contract.md, "Terminal tabs", Emulation).
///
/// libvterm 0.1.4's screen layer keeps a screen as one block of cells: for each line that scrolls
/// it moves every cell up a row, then reads the line that left one cell at a time. Here each row
/// is its own buffer and a scroll moves row pointers; the line that leaves goes to the scrollback
/// as it is. What the cells hold and how they change is libvterm's screen layer's, to the cell
/// (TerminalCellsTests compares the two).
///
/// A cell is stored as libvterm's screen hands it out (`VTermScreenCell`), so that reading one is a
/// copy. Its stored `width` is not its width, which is worked out when it is read, from the next
/// cell, as libvterm does: it says whether the cell is protected from a selective erase (DECSCA).
///
/// Kept behind a pointer, the callbacks' user data, so that they reach it without reference
/// counting or exclusivity checks: a glyph is written for every character a program prints.
struct TerminalCells {
  /// The rows of the screen shown, the size and the pen, which the glyph callback written in C
  /// (`tabshell_cells_putglyph`) writes with: first, at the address of the whole.
  private var head: TabShellCellsHead
  /// The rows.
  var rows: Int {
    get { Int(head.rows) }
    set { head.rows = Int32(newValue) }
  }
  /// The columns.
  var columns: Int {
    get { Int(head.columns) }
    set { head.columns = Int32(newValue) }
  }
  /// The rows of the screen shown, top first: ``primary`` or ``alternate``.
  var lines: UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>> {
    get { head.lines }
    set { head.lines = newValue }
  }
  /// The attributes and colours new cells are written with: a blank cell of stored width 1.
  var pen: VTermScreenCell {
    get { head.pen }
    set { head.pen = newValue }
  }
  /// The primary screen's rows.
  var primary: UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>
  /// The alternate screen's rows.
  var alternate: UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>
  /// Whether the alternate screen is shown.
  var onAlternate = false
  /// Whether the whole screen is shown in reverse video (DECSCNM).
  var reverse = false
  /// The lines scrolled off the primary screen's top (behind a pointer, as ``reports``, so that
  /// the cells hold nothing counted: a copy of them, which reading a cell may make, costs no
  /// reference counting).
  let scrollback: UnsafeMutablePointer<TerminalScrollback>
  /// The modes, title and bell the program reported.
  let reports: UnsafeMutablePointer<TerminalReports>
  /// The state layer, for the cursor and the lines' double width and height.
  let state: OpaquePointer
  /// The rows the state layer has: during a resize, already the new ones.
  var stateRows: Int

  /// The stored `width` of a protected cell (every other cell stores 1).
  static let protectedMark: CChar = -1
  /// The first character of the cell behind a wide character.
  static let continuation = UInt32(TABSHELL_CONTINUATION)

  /// Screens of `rows` × `columns` blank cells on the state layer `state`.
  init(rows: Int, columns: Int, scrollback: Int, state: OpaquePointer) {
    self.state = state
    stateRows = rows
    self.scrollback = .allocate(capacity: 1)
    self.scrollback.initialize(to: TerminalScrollback(limit: scrollback))
    reports = .allocate(capacity: 1)
    reports.initialize(to: TerminalReports())
    var blank = VTermScreenCell()
    blank.width = 1
    primary = Self.allocate(rows: rows, columns: columns, blank: blank)
    alternate = Self.allocate(rows: rows, columns: columns, blank: blank)
    head = TabShellCellsHead(
      lines: primary, rows: Int32(rows), columns: Int32(columns), pen: blank)
  }

  /// Whether the head is at the start of the whole, where the glyph callback looks for it.
  static var headIsFirst: Bool { MemoryLayout<Self>.offset(of: \Self.head) == 0 }

  /// Frees the screens.
  func deallocate() {
    Self.deallocate(primary, rows: rows)
    Self.deallocate(alternate, rows: rows)
    scrollback.deinitialize(count: 1)
    scrollback.deallocate()
    reports.deinitialize(count: 1)
    reports.deallocate()
  }

  // MARK: Reading

  /// The cell at a row and column as libvterm's screen layer gives it: its width worked out from
  /// the next cell, reverse video applied; a blank cell outside the screen.
  func cell(row: Int, column: Int) -> VTermScreenCell {
    guard row >= 0, row < rows, column >= 0, column < columns else { return VTermScreenCell() }
    let line = lines[row]
    var cell = line[column]
    if reverse { cell.attrs.reverse ^= 1 }
    cell.width = column < columns - 1 && line[column + 1].chars.0 == Self.continuation ? 2 : 1
    return cell
  }

  /// Whether a row holds nothing from a column on.
  func isEmpty(row: Int, from column: Int) -> Bool {
    let line = lines[row]
    for index in column..<columns where line[index].chars.0 != 0 { return false }
    return true
  }

  // MARK: Writing

  /// Blanks a rectangle with the pen, leaving protected cells when `selective`.
  mutating func erase(_ rect: VTermRect, selective: Bool) {
    let rowEnd = min(Int(rect.end_row), rows, stateRows)
    let columnStart = max(0, Int(rect.start_col))
    // A left margin past a narrowed screen's right edge makes an empty rectangle, or a reversed one.
    let columnEnd = max(columnStart, min(Int(rect.end_col), columns))
    var row = max(0, Int(rect.start_row))
    while row < rowEnd {
      let info = vterm_state_get_lineinfo(state, Int32(row))?.pointee ?? VTermLineInfo()
      var blank = pen
      blank.chars.0 = 0
      if info.doublewidth != 0 || info.doubleheight != 0 {
        blank.attrs.dwl = info.doublewidth
        blank.attrs.dhl = info.doubleheight
      }
      let line = lines[row]
      if selective {
        for column in columnStart..<columnEnd where line[column].width != Self.protectedMark {
          line[column] = blank
        }
      } else {
        tabshell_cells_fill(line + columnStart, blank, Int32(columnEnd - columnStart))
      }
      row += 1
    }
  }

  /// Moves a rectangle's cells `downward` rows up (down when negative) and `rightward` columns
  /// left (right when negative), blanking what they leave; lines that leave the primary screen's
  /// top go to the scrollback.
  mutating func scroll(_ rect: VTermRect, downward: Int, rightward: Int) {
    let height = Int(rect.end_row - rect.start_row)
    let width = Int(rect.end_col - rect.start_col)
    guard abs(downward) < height, abs(rightward) < width else {
      erase(rect, selective: false)
      return
    }
    let top = Int(rect.start_row)
    let bottom = Int(rect.end_row)
    if rightward == 0, rect.start_col == 0, Int(rect.end_col) == columns {
      if downward > 0, top == 0, !onAlternate {
        for row in 0..<downward {
          scrollback.pointee.push(lines[row], columns: columns, reverse: reverse)
        }
      }
      rotate(top..<bottom, by: downward)
    } else {
      move(rect, downward: downward, rightward: rightward)
    }
    var vacated = rect
    if downward > 0 {
      vacated.start_row = rect.end_row - Int32(downward)
    } else if downward < 0 {
      vacated.end_row = rect.start_row - Int32(downward)
    }
    if rightward > 0 {
      vacated.start_col = rect.end_col - Int32(rightward)
    } else if rightward < 0 {
      vacated.end_col = rect.start_col - Int32(rightward)
    }
    erase(vacated, selective: false)
  }

  /// Moves whole rows `downward` places up (down when negative) within `range`: the rows that leave
  /// one end come back at the other, to be blanked.
  private mutating func rotate(_ range: Range<Int>, by downward: Int) {
    let top = range.lowerBound
    let last = range.upperBound - 1
    // Usually one row, as a line feed scrolls.
    for _ in 0..<abs(downward) {
      if downward > 0 {
        let first = lines[top]
        for row in top..<last { lines[row] = lines[row + 1] }
        lines[last] = first
      } else {
        let end = lines[last]
        for row in stride(from: last, to: top, by: -1) { lines[row] = lines[row - 1] }
        lines[top] = end
      }
    }
  }

  /// Moves the cells of a rectangle that is not whole rows (libvterm's `moverect`).
  private mutating func move(_ rect: VTermRect, downward: Int, rightward: Int) {
    let startColumn = Int(rect.start_col) + max(0, -rightward)
    let sourceColumn = Int(rect.start_col) + max(0, rightward)
    let count = Int(rect.end_col - rect.start_col) - abs(rightward)
    let first = Int(rect.start_row) + max(0, -downward)
    let last = Int(rect.end_row) - max(0, downward) - 1
    guard first <= last else { return }
    // Rows moving down are copied from the bottom up, so that none is overwritten before it moves
    // (no array of rows is made: a program can send insertions and deletions without end).
    for row in downward < 0
      ? stride(from: last, through: first, by: -1) : stride(from: first, through: last, by: 1)
    {
      let target = lines[row] + startColumn
      let source = lines[row + downward] + sourceColumn
      // Within one row the cells overlap: copied from the end when they move right.
      if rightward < 0 {
        for index in stride(from: count - 1, through: 0, by: -1) { target[index] = source[index] }
      } else {
        for index in 0..<count { target[index] = source[index] }
      }
    }
  }

  // MARK: Storage

  private static func allocate(rows: Int, columns: Int, blank: VTermScreenCell)
    -> UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>
  {
    let lines = UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>.allocate(
      capacity: rows)
    for row in 0..<rows {
      lines[row] = .allocate(capacity: columns)
      lines[row].initialize(repeating: blank, count: columns)
    }
    return lines
  }

  private static func deallocate(
    _ lines: UnsafeMutablePointer<UnsafeMutablePointer<VTermScreenCell>>, rows: Int
  ) {
    for row in 0..<rows { lines[row].deallocate() }
    lines.deallocate()
  }
}
