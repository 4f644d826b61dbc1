import CVTerm

/// The cells of a terminal's two screens (primary and alternate), written by libvterm's state layer
/// through its callbacks: TabShell's screen layer, in place of libvterm's own
/// (docs/Contract.md, "Terminal tabs", Emulation).
///
/// libvterm 0.1.4's screen layer keeps a screen as one block of 40-byte cells: for each line that
/// scrolls it moves every cell up a row, then reads the line that left one cell at a time. Here a
/// cell is 8 bytes (``TabShellCell``: a glyph and the index of its style, clusters and styles in
/// ``TerminalTables``), each row is its own buffer and a scroll moves row pointers; the line that
/// leaves goes to the scrollback, encoded (``TerminalScrollback``). What the cells hold and how
/// they change is libvterm's screen layer's, to the cell (TerminalCellsTests compares the two),
/// but that an erase leaves the pen's background alone, as xterm and tmux erase.
///
/// Each row is allocated with one cell in front of its first, whose glyph holds the row's flags:
/// whether its line goes on in the next row (``TABSHELL_ROW_WRAPPED``: libvterm wrapped it there,
/// which the glyph callback notices) and whether it changed since the damage was last taken
/// (``TABSHELL_ROW_DAMAGED``, ``takeDamage()``). A cell's width is not stored: a cell followed by
/// a ``continuation`` is two columns wide, as libvterm's screen layer works it out.
///
/// Kept behind a pointer, the callbacks' user data, so that they reach it without reference
/// counting or exclusivity checks: a glyph is written for every character a program prints.
struct TerminalCells {
  /// The rows of the screen shown, the size, the pen and the last glyph, which the glyph callback
  /// written in C (`tabshell_cells_putglyph`) works with: first, at the address of the whole.
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
  var lines: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>> {
    get { head.lines }
    set { head.lines = newValue }
  }
  /// The primary screen's rows, ``primarySize`` of them.
  var primary: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>
  /// The primary screen's size: the terminal's while it is shown; while the alternate screen is,
  /// the size it had then (it is resized when it shows again, as tmux resizes it).
  var primarySize: (rows: Int, columns: Int)
  /// The alternate screen's rows.
  var alternate: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>
  /// Whether the alternate screen is shown.
  var onAlternate = false
  /// Whether the whole screen is shown in reverse video (DECSCNM).
  var reverse = false
  /// The styles and clusters the cells refer to.
  var tables = TerminalTables()
  /// The style new cells are written with (``setPen(_:)``).
  private(set) var pen = TerminalStyle.default
  /// The pen saved with the cursor, and where the cursor was when it was saved.
  var savedPen = TerminalStyle.default
  var savedCursor: (row: Int, column: Int)?
  /// Where the cursor restored next goes: the primary screen shown again at another size, its
  /// lines reflowed, moves the cursor saved with it (see ``showAlternate(_:)``).
  var pendingCursor: (row: Int, column: Int)?
  /// Whether libvterm's callbacks for its own pen change this one: not while it is handed the SGR
  /// this one already follows (``follow(_:)``).
  var followsLibvtermPen = true
  /// The index of the style an erase leaves (the pen's background).
  private(set) var erasePen: UInt32 = 0
  /// The lines scrolled off the primary screen's top (behind a pointer, as ``reports``, so that
  /// the cells hold nothing counted).
  let scrollback: UnsafeMutablePointer<TerminalScrollback>
  /// The modes, title and bell the program reported.
  let reports: UnsafeMutablePointer<TerminalReports>
  /// The state layer, for the cursor and the lines' double width.
  let state: OpaquePointer
  /// The rows the state layer has: during a resize, already the new ones.
  var stateRows: Int
  /// Whether the whole screen changed (a resize, the other screen shown, reverse video) since the
  /// damage was last taken.
  var wholeScreenDamaged = true
  /// The rows and spans the last ``takeDamageSpans()`` found, kept so that the next one fills
  /// them again without allocating (the frame that read them has dropped them by then).
  private var damagedRows: [Int] = []
  private var damagedSpans: [Range<Int>] = []

  /// The glyph of the cell behind a wide character.
  static let continuation = TABSHELL_CONTINUATION

  /// Screens of `rows` × `columns` blank cells on the state layer `state`, keeping up to
  /// `scrollback` lines and `scrollbackBytes` bytes of them.
  init(rows: Int, columns: Int, scrollback: Int, scrollbackBytes: Int, state: OpaquePointer) {
    self.state = state
    stateRows = rows
    self.scrollback = .allocate(capacity: 1)
    self.scrollback.initialize(
      to: TerminalScrollback(limit: scrollback, byteLimit: scrollbackBytes))
    reports = .allocate(capacity: 1)
    reports.initialize(to: TerminalReports())
    primary = Self.allocate(rows: rows, columns: columns, blank: TabShellCell())
    primarySize = (rows, columns)
    alternate = Self.allocate(rows: rows, columns: columns, blank: TabShellCell())
    head = TabShellCellsHead(
      lines: primary, rows: Int32(rows), columns: Int32(columns), pen: 0, protectedPen: 0,
      lastRow: -1, lastStart: 0, lastEnd: 0, damageFirst: .max, damageEnd: 0,
      cluster: { chars, user in
        guard let cells = user?.assumingMemoryBound(to: TerminalCells.self) else { return 0xFFFD }
        var count = 0
        while count < TerminalTables.clusterScalarLimit, chars[count] != 0 { count += 1 }
        return cells.pointee.tables.glyph(of: UnsafeBufferPointer(start: chars, count: count))
      })
    setPen(.default)
  }

  /// Whether the head is at the start of the whole, where the glyph callback looks for it.
  static var headIsFirst: Bool { MemoryLayout<Self>.offset(of: \Self.head) == 0 }

  /// Frees the screens.
  func deallocate() {
    Self.deallocate(primary, rows: primarySize.rows)
    Self.deallocate(alternate, rows: rows)
    scrollback.deinitialize(count: 1)
    scrollback.deallocate()
    reports.deinitialize(count: 1)
    reports.deallocate()
  }

  // MARK: The pen

  /// Makes `style` the pen that new cells are written with.
  mutating func setPen(_ style: TerminalStyle) {
    pen = style
    head.pen = tables.index(of: style)
    var protected = style
    protected.attributes.insert(.protected)
    head.protectedPen = tables.index(of: protected)
    erasePen = tables.index(of: style.erased)
  }

  // MARK: Reading

  /// The cell at a row and column of the screen shown; a blank cell outside the screen.
  func cell(row: Int, column: Int) -> TabShellCell {
    guard row >= 0, row < rows, column >= 0, column < columns else { return TabShellCell() }
    return lines[row][column]
  }

  /// The width of the cell at a row and column: 2 when a continuation follows it.
  func width(row: Int, column: Int) -> Int {
    guard row >= 0, row < rows, column >= 0, column < columns - 1 else { return 1 }
    return lines[row][column + 1].glyph == Self.continuation ? 2 : 1
  }

  /// A cell's style as shown: reverse video applied.
  func style(of cell: TabShellCell) -> TerminalStyle {
    var style = tables.style(cell.style)
    if reverse { style.attributes.formSymmetricDifference(.reverse) }
    return style
  }

  /// Whether a row of the screen shown wrapped into the next.
  func isWrapped(row: Int) -> Bool {
    row >= 0 && row < rows && lines[row][-1].glyph & TABSHELL_ROW_WRAPPED != 0
  }

  /// Whether a row holds nothing from a column on.
  func isEmpty(row: Int, from column: Int) -> Bool {
    let line = lines[row]
    for index in column..<columns where line[index].glyph != 0 { return false }
    return true
  }

  /// The rows changed since the last call (all of them, and `whole`, after a resize, the other
  /// screen shown or reverse video), their marks cleared: what a frame needs to draw again.
  mutating func takeDamage() -> (whole: Bool, rows: [Int]) {
    let damage = takeDamageSpans()
    return (damage.whole, damage.rows)
  }

  /// ``takeDamage()`` with the columns each row changed in (a span: the cells before and after
  /// it are as they were; the whole row when it is not known).
  mutating func takeDamageSpans() -> (whole: Bool, rows: [Int], spans: [Range<Int>]) {
    let whole = wholeScreenDamaged
    wholeScreenDamaged = false
    var changed = damagedRows
    var spans = damagedSpans
    (damagedRows, damagedSpans) = ([], [])
    changed.removeAll(keepingCapacity: true)
    spans.removeAll(keepingCapacity: true)
    defer { (damagedRows, damagedSpans) = (changed, spans) }
    // Only the rows a damage was marked in since the last take have their marks set (all of
    // them after a change of the whole).
    let first = whole ? 0 : max(0, Int(head.damageFirst))
    let end = whole ? rows : min(rows, Int(head.damageEnd))
    (head.damageFirst, head.damageEnd) = (Int32.max, 0)
    for row in first..<max(first, end) {
      let flags = lines[row][-1]
      lines[row][-1].glyph &= ~(TABSHELL_ROW_DAMAGED | TABSHELL_ROW_SPAN)
      guard whole || flags.glyph & TABSHELL_ROW_DAMAGED != 0 else { continue }
      changed.append(row)
      let first = Int(flags.style & 0xFFFF)
      let end = min(columns, Int(flags.style >> 16))
      spans.append(
        !whole && flags.glyph & TABSHELL_ROW_SPAN != 0 && first < end ? first..<end : 0..<columns)
    }
    return (whole, changed, spans)
  }

  // MARK: Writing

  /// Marks a row damaged, all of it.
  @inline(__always)
  mutating func damage(row: Int) {
    tabshell_row_damage_whole(lines[row])
    tabshell_head_damaged(&head, Int32(row))
  }

  /// Marks the columns `columns` of a row damaged.
  @inline(__always)
  mutating func damage(row: Int, columns: Range<Int>) {
    tabshell_row_damage(lines[row], Int32(columns.lowerBound), Int32(columns.upperBound))
    tabshell_head_damaged(&head, Int32(row))
  }

  /// Sets or clears a row's wrapped mark.
  func setWrapped(_ wrapped: Bool, row: Int) {
    guard row >= 0, row < rows else { return }
    if wrapped {
      lines[row][-1].glyph |= TABSHELL_ROW_WRAPPED
    } else {
      lines[row][-1].glyph &= ~TABSHELL_ROW_WRAPPED
    }
  }

  /// The cursor moved by something else than text (the movecursor callback): a glyph written next
  /// at the start of a row does not continue the row before, unless the cursor is where the last
  /// glyph left it (after it, or on it while a wrap is pending).
  mutating func cursorMoved(to position: VTermPos) {
    let row = Int(position.row)
    let column = Int(position.col)
    guard row == Int(head.lastRow), row < stateRows, column != Int(head.lastEnd) else {
      head.lastRow = -1
      return
    }
    // On the last glyph: only while a wrap is pending, the glyph having reached the row's end
    // (half the screen's width on a double-width line).
    let isDoubleWidth = vterm_state_get_lineinfo(state, position.row)?.pointee.doublewidth ?? 0 != 0
    let width = isDoubleWidth ? columns / 2 : columns
    if column != Int(head.lastStart) || Int(head.lastEnd) < width { head.lastRow = -1 }
  }

  /// Forgets the last glyph written (see ``cursorMoved(to:)``).
  mutating func forgetLastGlyph() {
    head.lastRow = -1
  }

  /// Blanks a rectangle with the pen's background, leaving protected cells when `selective`; a
  /// whole row blanked loses its wrapped mark, and so does the row before it.
  mutating func erase(_ rect: VTermRect, selective: Bool) {
    let rowEnd = min(Int(rect.end_row), rows, stateRows)
    let columnStart = max(0, Int(rect.start_col))
    // A left margin past a narrowed screen's right edge makes an empty rectangle, or a reversed one.
    let columnEnd = max(columnStart, min(Int(rect.end_col), columns))
    let blank = TabShellCell(glyph: 0, style: erasePen)
    let wholeRows = columnStart == 0 && columnEnd == columns && !selective
    var row = max(0, Int(rect.start_row))
    if wholeRows, row < rowEnd { setWrapped(false, row: row - 1) }
    while row < rowEnd {
      let line = lines[row]
      if selective {
        for column in columnStart..<columnEnd
        where !tables.style(line[column].style).attributes.contains(.protected) {
          line[column] = blank
        }
      } else {
        tabshell_cells_fill(line + columnStart, blank, Int32(columnEnd - columnStart))
      }
      if wholeRows { line[-1].glyph &= ~TABSHELL_ROW_WRAPPED }
      damage(row: row, columns: columnStart..<columnEnd)
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
      forgetLastGlyph()
      erase(rect, selective: false)
      return
    }
    let top = Int(rect.start_row)
    let bottom = Int(rect.end_row)
    if rightward == 0, rect.start_col == 0, Int(rect.end_col) == columns {
      if downward > 0, top == 0, !onAlternate {
        for row in 0..<downward {
          scrollback.pointee.push(lines[row], columns: columns, reverse: reverse, tables: tables)
        }
      }
      // The last glyph moves with its row.
      let last = Int(head.lastRow)
      if last >= top, last < bottom {
        let moved = last - downward
        head.lastRow = moved >= top && moved < bottom ? Int32(moved) : -1
      }
      // The row before the region no longer goes on into the row that was under it.
      if top > 0 { setWrapped(false, row: top - 1) }
      rotate(top..<bottom, by: downward)
    } else {
      forgetLastGlyph()
      move(rect, downward: downward, rightward: rightward)
    }
    for row in max(0, top)..<min(bottom, rows) { damage(row: row) }
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

  // MARK: Tables

  /// Rebuilds the tables when they have grown past their bound, from both screens' cells and the
  /// pen (a point where no cell or index is held elsewhere: between two writes).
  mutating func collectIfNeeded() {
    guard tables.needsCollecting else { return }
    let screens = [
      (primary, primarySize.rows, primarySize.columns), (alternate, rows, columns),
    ]
    let kept = tables.collect(keeping: [head.pen, head.protectedPen, erasePen]) { visit in
      for (screen, rows, columns) in screens {
        for row in 0..<rows {
          for column in 0..<columns { visit(&screen[row][column]) }
        }
      }
    }
    head.pen = kept[0]
    head.protectedPen = kept[1]
    erasePen = kept[2]
    wholeScreenDamaged = true
  }

  // MARK: Storage

  /// Rows of `columns` cells, each allocated with its flags' cell in front.
  static func allocate(rows: Int, columns: Int, blank: TabShellCell)
    -> UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>
  {
    let lines = UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>.allocate(
      capacity: max(1, rows))
    for row in 0..<rows { lines[row] = allocateRow(columns: columns, blank: blank) }
    return lines
  }

  /// A row of `columns` blank cells, its flags (none) in front.
  static func allocateRow(columns: Int, blank: TabShellCell) -> UnsafeMutablePointer<TabShellCell> {
    let base = UnsafeMutablePointer<TabShellCell>.allocate(capacity: columns + 1)
    base.initialize(to: TabShellCell(glyph: TABSHELL_ROW_DAMAGED, style: 0))
    (base + 1).initialize(repeating: blank, count: columns)
    return base + 1
  }

  /// Frees a row made by ``allocateRow(columns:blank:)``.
  static func deallocateRow(_ row: UnsafeMutablePointer<TabShellCell>) {
    (row - 1).deallocate()
  }

  static func deallocate(
    _ lines: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>>, rows: Int
  ) {
    for row in 0..<rows { deallocateRow(lines[row]) }
    lines.deallocate()
  }
}
