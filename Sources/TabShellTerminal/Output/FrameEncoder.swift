@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// One frame being encoded: the bytes so far, where the terminal's cursor is, and which style its
/// pen has.
struct FrameEncoder {
  typealias Cells = UnsafeBufferPointer<StoredCell>

  let mode: ColorMode
  let features: TerminalStyleFeatures
  let synchronized: Bool
  /// The grid on the screen (`nil`: unknown) and the grid to show.
  let old: CellGrid?
  let new: CellGrid
  var output: [UInt8]
  /// The cursor's row and column, when ``positionKnown``.
  var row = 0
  var column = 0
  /// False at the start of a frame and after a write into the last column (pending wrap).
  var positionKnown = false
  /// Whether the frame has drawn anything (and so opened the synchronized update, hidden the
  /// cursor and set the pen).
  var started = false
  /// The stored style of the last cell written; `nil` while the pen is unknown.
  var pen: StoredCell?
  /// The pen as the terminal has it (colours mapped to the mode).
  private var penStyle: CellStyle?

  static let plainBlank = StoredCell(blankIn: .plain)
  /// The concealed attribute's bit, read once: the core's attributes are resilient, and each
  /// cell written asked for their type and the bit through it.
  private static let concealed = CellAttributes.conceal.rawValue

  /// Whether both grids have the same table of clusters, so that equal cells are equal glyphs.
  let clustersAgree: Bool
  /// Where the last frame left the cursor, when it is known (the old grid is on the screen), and
  /// so the pen: the plain one, which every frame ends with.
  let shown: FrameWriter.Cursor?
  /// The cursor's shape the last frame left, when there was one (also before a frame drawn whole:
  /// a resize leaves the shape).
  let shownShape: UInt8?
  /// Where the frame's opening (the synchronized update, the cursor hidden) starts in ``output``.
  private var opening: Int?
  /// Whether the cursor was moved otherwise than by writing cells one after the other.
  var moved = false

  init(
    from old: CellGrid?, to new: CellGrid, mode: ColorMode,
    features: TerminalStyleFeatures = .standard, synchronized: Bool, output: [UInt8],
    shown: FrameWriter.Cursor? = nil
  ) {
    self.old = old
    self.new = new
    clustersAgree = old.map { $0.clusters == new.clusters } ?? false
    self.mode = mode
    self.features = features
    self.synchronized = synchronized
    self.output = output
    self.shown = old == nil ? nil : shown
    shownShape = shown?.shapeCode
    if let shown = self.shown {
      (row, column, positionKnown) = (shown.row, shown.column, true)
      (pen, penStyle) = (Self.plainBlank, .plain)
    }
  }

  /// Encodes the whole frame: every row's changes (of the rows in `only`, when given and the old
  /// grid is known: the others are the same), then the cursor.
  mutating func encode(cursor: FrameWriter.Cursor, only: [Int]? = nil) {
    let columns = new.columns
    new.cells.withUnsafeBufferPointer { newCells in
      guard let old else {
        encodeWhole(newCells)
        return
      }
      old.cells.withUnsafeBufferPointer { oldCells in
        for row in only ?? Array(0..<new.rows) where row >= 0 && row < new.rows {
          let oldRow = Self.row(row, of: oldCells, columns)
          let newRow = Self.row(row, of: newCells, columns)
          var first = 0
          if clustersAgree {
            // The cells that differ lie in this span; before it and after it the row is the same.
            guard let span = Self.differingSpan(oldRow, newRow) else { continue }
            first = span.lowerBound
            // Too few cells differ for a row moved sideways (``shiftRow(_:old:new:)``).
            if span.count <= columns / 4 {
              diffRow(row, old: oldRow, new: newRow, from: first, to: span.upperBound)
              continue
            }
          }
          diffWideRow(row, old: oldRow, new: newRow, from: first)
        }
      }
    }
    finish(cursor)
  }

  // The two below are functions of their own, not inlined: each echo a terminal tab draws runs
  // the rest of ``encode(cursor:only:)``, which was spread over two pages of code with them.

  /// Every row of a frame drawn whole.
  @inline(never)
  private mutating func encodeWhole(_ newCells: Cells) {
    for row in 0..<new.rows {
      diffRow(row, old: nil, new: Self.row(row, of: newCells, new.columns))
    }
  }

  /// A changed row not compared within its span alone (its changes spread over more than a
  /// quarter of it, or the grids' clusters differ), from `first` on: a row that moved sideways
  /// (a page sliding) is moved on the screen first.
  @inline(never)
  private mutating func diffWideRow(
    _ row: Int, old oldRow: Cells, new newRow: Cells, from first: Int
  ) {
    guard let shifted = shiftRow(row, old: oldRow, new: newRow) else {
      diffRow(row, old: oldRow, new: newRow, from: first)
      return
    }
    shifted.withUnsafeBufferPointer { diffRow(row, old: $0, new: newRow) }
  }

  private static func row(_ row: Int, of cells: Cells, _ columns: Int) -> Cells {
    Cells(rebasing: cells[(row * columns)..<((row + 1) * columns)])
  }

  /// Writes the cells of a row that differ between `old` (all of them for `nil`) and `new`, from
  /// `first` on and before `end` (the cells outside are the same; the whole row's end for `nil`).
  private mutating func diffRow(
    _ row: Int, old: Cells?, new: Cells, from first: Int = 0, to end: Int? = nil
  ) {
    let columns = new.count
    let limit = old == nil ? columns : min(end ?? columns, columns)
    // Plain blanks from `tail` to the end of the row can be erased with EL: found when a changed
    // cell is such a blank (only then can it be among them), once a row; an echoed letter needs
    // no look at the row's end.
    var tail: Int?
    let blank = Self.plainBlank
    var position = first
    while position < limit {
      var start = position
      if let old {
        while start < limit, same(old[start], new[start]) { start += 1 }
        guard start < limit else { return }
      }
      if new[start].width == 0, start > 0, new[start - 1].width == 2 { start -= 1 }
      if new[start] == blank {
        if tail == nil {
          var found = columns
          while found > 0, new[found - 1] == blank { found -= 1 }
          tail = found
        }
        if let tail, start >= tail,
          erasesTail(from: start, to: limit, row: row, old: old, new: new)
        {
          return
        }
      }
      moveTo(row: row, column: start, in: new)
      let cell = new[start]
      put(cell)
      // Always forward, even past a continuation cell that a bug left without its wide character.
      position = max(position + 1, start + max(1, Int(cell.width)))
    }
  }

  /// Erases the row from `start` with EL when more than three of its cells (those before `end`:
  /// after it they are the same) changed; returns whether it did. Not inlined into
  /// ``diffRow(_:old:new:from:to:)``: an echoed letter never comes here.
  @inline(never)
  private mutating func erasesTail(
    from start: Int, to end: Int, row: Int, old: Cells?, new: Cells
  ) -> Bool {
    if let old {
      var changed = 0
      for index in start..<max(start, end) where !same(old[index], new[index]) {
        changed += 1
        if changed > 3 { break }
      }
      guard changed > 3 else { return false }
    }
    moveTo(row: row, column: start, in: new)
    setPen(Self.plainBlank)
    append(0x1B, 0x5B, 0x4B)  // ESC [ K
    return true
  }

  /// Whether a cell of the old grid looks the same as one of the new grid.
  func same(_ a: StoredCell, _ b: StoredCell) -> Bool {
    if a == b, clustersAgree || !a.isCluster { return true }
    guard a.width == b.width, a.sameStyle(as: b), a.isCluster, b.isCluster, let old else {
      return false
    }
    return old.text(of: a) == new.text(of: b)
  }

  /// The cells between the first and the last whose bytes differ in two rows of one length,
  /// found from either end, 256 bytes at a time, then 32, a word, a byte (cells have no
  /// padding); `nil` when the rows hold the same bytes.
  static func differingSpan(_ a: Cells, _ b: Cells) -> Range<Int>? {
    precondition(a.count == b.count, "rows of one length")
    let stride = MemoryLayout<StoredCell>.stride
    guard MemoryLayout<StoredCell>.size == stride else { return 0..<a.count }
    let x = UnsafeRawBufferPointer(a)
    let y = UnsafeRawBufferPointer(b)
    let count = x.count
    func word(_ buffer: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
      buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    // 32 bytes at a time (four words' differences or'ed: a SIMD type's `==` compared its lanes
    // one by one, three times the instructions), then a word, then a byte.
    func sameBlock(_ offset: Int) -> Bool {
      (word(x, offset) ^ word(y, offset)) | (word(x, offset + 8) ^ word(y, offset + 8))
        | (word(x, offset + 16) ^ word(y, offset + 16))
        | (word(x, offset + 24) ^ word(y, offset + 24)) == 0
    }
    // Equal chunks are skipped by the C library's `memcmp` (vector compares, a fraction of the
    // loop's instructions): the changed cell of an echo lies behind hundreds of equal bytes.
    let chunk = 256
    var low = 0
    if let a = x.baseAddress, let b = y.baseAddress {
      while low + chunk <= count, Memory.equal(a + low, b + low, count: chunk) { low += chunk }
    }
    while low + 32 <= count, sameBlock(low) { low += 32 }
    while low + 8 <= count, word(x, low) == word(y, low) { low += 8 }
    while low < count, x[low] == y[low] { low += 1 }
    guard low < count else { return nil }
    var high = count
    if let a = x.baseAddress, let b = y.baseAddress {
      while high - chunk >= low, Memory.equal(a + high - chunk, b + high - chunk, count: chunk) {
        high -= chunk
      }
    }
    while high - 32 >= low, sameBlock(high - 32) { high -= 32 }
    while high - 8 >= low, word(x, high - 8) == word(y, high - 8) { high -= 8 }
    while high > low, x[high - 1] == y[high - 1] { high -= 1 }
    return (low / stride)..<((high + stride - 1) / stride)
  }

  /// Ends the frame: pen reset, cursor placed and shown or hidden, synchronized update closed.
  /// A frame that only wrote cells one after the other from where the cursor showed, leaving it
  /// showing where the writing left it (a program's echo), needs neither: its opening is taken
  /// out again, and the terminal gets the cells and nothing else.
  private mutating func finish(_ cursor: FrameWriter.Cursor) {
    if started, penStyle != .plain { append(0x1B, 0x5B, 0x6D) }  // ESC [ m
    let target = (row: max(0, cursor.row), column: max(0, cursor.column))
    if !positionKnown || row != target.row || column != target.column {
      moveTo(row: target.row, column: target.column, in: nil)
    }
    if cursor.isVisible, features.has(.cursorShape),
      cursor.shapeCode != (shownShape ?? 0) || (old == nil && cursor.shapeCode != 0)
    {
      append(0x1B, 0x5B)  // ESC [ Ps SP q
      appendNumber(Int(cursor.shapeCode))
      append(0x20, UInt8(ascii: "q"))
    }
    if cursor.isVisible, shown?.isVisible == true, !moved {
      if let opening { output.removeSubrange(opening..<opening + openingBytes) }
      return
    }
    if cursor.isVisible {
      append("\u{1B}[?25h")
    } else if !started {
      append("\u{1B}[?25l")
    }
    if started, synchronized { append("\u{1B}[?2026l") }
  }

  /// Opens the frame before its first change.
  mutating func start() {
    started = true
    opening = output.count
    if synchronized { append("\u{1B}[?2026h") }
    append("\u{1B}[?25l")
  }

  /// The bytes of ``start()``'s opening.
  private var openingBytes: Int { synchronized ? 14 : 6 }

  /// ECH 2: erases the cell at the cursor and the next one.
  static let eraseTwo: [UInt8] = Array("\u{1B}[2X".utf8)

  /// Writes one cell (nothing for the right half of a wide character) at the cursor.
  mutating func put(_ cell: StoredCell) {
    guard cell.width > 0 else { return }
    if pen == nil || !cell.sameStyle(as: pen ?? cell) { setPen(cell) }
    if cell.attributes & Self.concealed != 0, !features.has(.conceal) {
      // A terminal that cannot conceal shows blanks.
      output.append(contentsOf: repeatElement(0x20, count: Int(cell.width)))
    } else if cell.glyph < 0x80 {
      output.append(UInt8(truncatingIfNeeded: cell.glyph))
    } else if cell.isCluster {
      // A terminal that gives a wide cluster one column (libvterm, tmux 3.3a: an emoji with its
      // selector is as wide as its first scalar there) would leave the cell under its right half
      // as it was: both are erased first (ECH, in the pen's background; the cursor stays).
      if cell.width > 1 { output.append(contentsOf: Self.eraseTwo) }
      // A ZWJ ending a cell would join the terminal's next character to it.
      var text = new.text(of: cell).unicodeScalars[...]
      while text.last == "\u{200D}" { text = text.dropLast() }
      output.append(contentsOf: String(text).utf8)
      // A terminal may give a cluster (an emoji with its selector, a sequence joined by ZWJ)
      // another width than the cell's: the next cell is placed anew.
      positionKnown = false
    } else {
      putScalar(cell.glyph)
    }
    column += Int(cell.width)
    if column >= new.columns { positionKnown = false }
  }

  /// Writes a cell's glyph of one scalar past ASCII. Apart from ``put(_:)``: its scalar's
  /// properties, a value of a resilient type, made that function ask for their type's metadata
  /// at each cell, an ASCII letter's too.
  @inline(never)
  private mutating func putScalar(_ glyph: UInt32) {
    appendScalar(glyph)
    // A terminal may give an emoji of a single scalar another width than the cell's: the next
    // cell is placed anew.
    if let scalar = Unicode.Scalar(glyph), !standsAlone(scalar), scalar.properties.isEmoji {
      positionKnown = false
    }
  }

  /// Sets the pen to a cell's style, with the shortest SGR from the current pen.
  mutating func setPen(_ cell: StoredCell) {
    if let pen, pen.sameStyle(as: cell) { return }
    let style = terminalStyle(cell.style)
    pen = cell
    if let penStyle, penStyle == style { return }
    appendSGR(from: penStyle, to: style)
    penStyle = style
  }
}
