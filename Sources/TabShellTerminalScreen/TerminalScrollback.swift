import CVTerm

/// The lines scrolled off a terminal's primary screen, oldest first (docs/Contract.md, "Terminal
/// tabs"): at most ``limit`` lines and ``byteLimit`` bytes of them; and how far the view is
/// scrolled back through them.
///
/// The lines are kept encoded one after the other in one buffer (``TerminalLineCoding``: a plain
/// cell a byte), each with its end and its cell count in an entry of 8 bytes: a line of `seq`
/// costs about 13 bytes where a cell once cost 40. A line is decoded only when it is looked at
/// (a flood keeps thousands of lines a second and shows a screenful at most once a frame) or when
/// the screen takes it back or reflows.
struct TerminalScrollback {
  /// Where a line ends in ``bytes``, its cells, and whether it goes on in the next line.
  struct Entry {
    var end: UInt32
    var cellsAndFlag: UInt32

    /// How many cells the line has.
    var cells: Int { Int(cellsAndFlag & 0x7FFF_FFFF) }
    /// Whether the line wrapped into the next one.
    var isWrapped: Bool { cellsAndFlag & 0x8000_0000 != 0 }
  }

  /// The lines' bytes, oldest first, after ``deadBytes`` of lines dropped.
  private var bytes: [UInt8] = []
  /// The lines, oldest first, after ``deadLines`` dropped ones.
  private var entries: [Entry] = []
  /// The lines dropped from the front of ``entries`` and their bytes, removed once they are a
  /// quarter of what is kept (so that dropping lines moves the rest seldom).
  private var deadLines = 0
  private var deadBytes = 0
  /// The most lines kept; past it the oldest tenth goes.
  let limit: Int
  /// The most bytes kept (the lines' bytes and their entries); past it the oldest lines go until a
  /// tenth of it is free.
  let byteLimit: Int
  /// How many lines the view is scrolled back from the live screen (0: not scrolled back), at most
  /// `count`: the lines that scroll off while it is scrolled back add to it, so that the view stays
  /// on the same lines.
  var scrolledBack = 0
  /// How many lines were ever dropped from the front: a line's number for good (its index plus
  /// this), by which copy mode's cursor and selection stay on their lines as the oldest go.
  private(set) var dropped = 0

  /// The most bytes a terminal's scrollback may be given (`--scrollback-bytes`).
  static let largestByteLimit = 1 << 32 - 1

  init(limit: Int, byteLimit: Int) {
    self.limit = Swift.max(0, limit)
    self.byteLimit = Swift.min(Swift.max(0, byteLimit), Self.largestByteLimit)
  }

  /// How many lines are kept.
  var count: Int { entries.count - deadLines }
  /// Whether no line is kept.
  var isEmpty: Bool { count == 0 }
  /// The bytes the lines take, as ``byteLimit`` counts them.
  var byteCount: Int { bytes.count - deadBytes + count * MemoryLayout<Entry>.stride }

  /// A line's entry (0: the oldest kept).
  func entry(_ index: Int) -> Entry { entries[deadLines + index] }

  /// The bytes of a line.
  private func range(of index: Int) -> Range<Int> {
    let slot = deadLines + index
    return (slot == 0 ? 0 : Int(entries[slot - 1].end))..<Int(entries[slot].end)
  }

  /// A line's bytes as kept (``TerminalLineCoding``).
  func encoded(_ index: Int) -> ArraySlice<UInt8> { bytes[range(of: index)] }

  /// Keeps a line already encoded, of `cells` cells (a line moved as it is by a reflow).
  mutating func appendEncoded(_ line: ArraySlice<UInt8>, cells: Int, wrapped: Bool) {
    guard limit > 0, line.count + MemoryLayout<Entry>.stride <= byteLimit else { return }
    if count >= limit { dropOldest(Swift.max(1, limit / 10)) }
    bytes.append(contentsOf: line)
    entries.append(
      Entry(
        end: UInt32(bytes.count),
        cellsAndFlag: UInt32(Swift.min(cells, 0x7FFF_FFFF)) | (wrapped ? 0x8000_0000 : 0)))
    dropOverTheByteLimit()
  }

  /// Takes every line out (to be put back reflowed), the view's place kept.
  mutating func takeAll() -> TerminalScrollback {
    var taken = TerminalScrollback(limit: limit, byteLimit: byteLimit)
    swap(&taken.bytes, &bytes)
    swap(&taken.entries, &entries)
    swap(&taken.deadLines, &deadLines)
    swap(&taken.deadBytes, &deadBytes)
    return taken
  }

  /// Calls `body` with a line's bytes, encoded (``TerminalLineCoding``), in place.
  func withBytes<Result>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = range(of: index)
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// A line's cells, their styles and clusters added to `tables`.
  func cells(_ index: Int, tables: inout TerminalTables) -> [TabShellCell] {
    TerminalLineCoding.decode(bytes[range(of: index)], tables: &tables)
  }

  /// Keeps a row of `columns` cells that scrolled off the top (reverse video applied when
  /// `reverse`, as a cell read then would have it): without its trailing blanks, or, when it
  /// wrapped into the next row, whole (but for an empty last cell, which a wide character that
  /// did not fit left).
  mutating func push(
    _ row: UnsafeMutablePointer<TabShellCell>, columns: Int, reverse: Bool, tables: TerminalTables
  ) {
    let wrapped = row[-1].glyph & TABSHELL_ROW_WRAPPED != 0
    let end = Self.contentEnd(
      row, columns: columns, wrapped: wrapped, reverse: reverse, tables: tables)
    append(
      UnsafeBufferPointer(start: row, count: end), wrapped: wrapped, reverse: reverse,
      tables: tables)
  }

  /// Keeps a line of cells.
  mutating func append(
    _ cells: UnsafeBufferPointer<TabShellCell>, wrapped: Bool, reverse: Bool = false,
    tables: TerminalTables
  ) {
    guard limit > 0 else { return }
    if count >= limit { dropOldest(Swift.max(1, limit / 10)) }
    let start = bytes.count
    TerminalLineCoding.encode(cells, reverse: reverse, tables: tables, into: &bytes)
    guard bytes.count - start + MemoryLayout<Entry>.stride <= byteLimit else {
      // The line alone is more than the bound allows: not kept.
      bytes.removeSubrange(start...)
      return
    }
    entries.append(
      Entry(
        end: UInt32(bytes.count),
        cellsAndFlag: UInt32(Swift.min(cells.count, 0x7FFF_FFFF)) | (wrapped ? 0x8000_0000 : 0)))
    dropOverTheByteLimit()
    if scrolledBack > 0 { scrolledBack = Swift.min(scrolledBack + 1, count) }
  }

  /// Drops the oldest lines while they are past ``byteLimit``, until a tenth of it is free.
  private mutating func dropOverTheByteLimit() {
    if byteCount > byteLimit {
      // Room for a tenth of the bound, so that lines are dropped in groups.
      var free = 0
      var lines = 0
      while lines < count - 1, byteCount - free > byteLimit - byteLimit / 10 {
        free += range(of: lines).count + MemoryLayout<Entry>.stride
        lines += 1
      }
      dropOldest(lines)
    }
  }

  /// Takes back the newest line, as cells, when the screen grows.
  mutating func popLast(tables: inout TerminalTables) -> (cells: [TabShellCell], wrapped: Bool)? {
    guard !isEmpty, let last = entries.last else { return nil }
    let cells = cells(count - 1, tables: &tables)
    bytes.removeSubrange(range(of: count - 1))
    entries.removeLast()
    scrolledBack = Swift.min(scrolledBack, count)
    return (cells, last.isWrapped)
  }

  /// Drops the `lines` oldest lines.
  private mutating func dropOldest(_ lines: Int) {
    let lines = Swift.min(lines, count)
    guard lines > 0 else { return }
    deadLines += lines
    dropped += lines
    deadBytes = Int(entries[deadLines - 1].end)
    scrolledBack = Swift.min(scrolledBack, count)
    guard deadBytes > (bytes.count - deadBytes) / 4 else { return }
    bytes.removeFirst(deadBytes)
    entries.removeFirst(deadLines)
    let dropped = UInt32(deadBytes)
    for index in entries.indices { entries[index].end -= dropped }
    deadLines = 0
    deadBytes = 0
  }

  /// Where the content of a row ends: after its last cell that is not a blank (nothing on the
  /// default background, or a space in a style that shows nothing on it, reverse video applied
  /// when `reverse`); for a row that wrapped into the next, its last column, or the one before
  /// when the last is empty (a wide character that did not fit went to the next row).
  static func contentEnd(
    _ row: UnsafePointer<TabShellCell>, columns: Int, wrapped: Bool, reverse: Bool = false,
    tables: TerminalTables
  ) -> Int {
    if wrapped {
      guard columns > 0 else { return 0 }
      let last = row[columns - 1]
      return last.glyph == 0 && tables.style(last.style).background == .default
        ? columns - 1 : columns
    }
    var end = columns
    while end > 0 {
      let cell = row[end - 1]
      if cell.style != 0 {
        var style = tables.style(cell.style)
        if cell.glyph == 0 {
          guard style.background == .default else { break }
        } else {
          if reverse { style.attributes.formSymmetricDifference(.reverse) }
          guard cell.glyph == 0x20, style.isBlankable else { break }
        }
      } else if cell.glyph != 0, cell.glyph != 0x20 || reverse {
        break
      }
      end -= 1
    }
    return end
  }
}
