import CVTerm

/// The lines scrolled off a terminal's primary screen, oldest first (docs/Contract.md, "Terminal
/// tabs"): each without its trailing blank cells, at most ``limit``; and how far the view is
/// scrolled back through them.
///
/// A line is kept as its cells are stored (``TerminalCells``) and read as libvterm's screen layer
/// hands cells out (its width worked out from the next cell) only when it is looked at: a flood
/// keeps thousands of lines a second, and shows a screenful at most once a frame.
struct TerminalScrollback: RandomAccessCollection {
  /// The lines, oldest first, their cells as stored.
  private var stored: [[VTermScreenCell]] = []
  /// The most lines kept; past it the oldest tenth goes.
  let limit: Int
  /// How many lines the view is scrolled back from the live screen (0: not scrolled back), at most
  /// `count`: the lines that scroll off while it is scrolled back add to it, so that the view stays
  /// on the same lines.
  var scrolledBack = 0

  init(limit: Int) {
    self.limit = Swift.max(0, limit)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { stored.count }

  /// A line's cells as read: their widths worked out, the stored protection mark gone.
  subscript(index: Int) -> [VTermScreenCell] {
    var line = stored[index]
    for column in line.indices {
      let wide = column + 1 < line.count && line[column + 1].chars.0 == TerminalCells.continuation
      line[column].width = wide ? 2 : 1
    }
    return line
  }

  /// Keeps a row of `columns` cells that scrolled off the top, without its trailing blanks
  /// (reverse video applied when `reverse`, as a cell read then would have it).
  mutating func push(
    _ row: UnsafeMutablePointer<VTermScreenCell>, columns: Int, reverse: Bool
  ) {
    guard limit > 0 else { return }
    var end = columns
    while end > 0, Self.isBlank(row[end - 1]) { end -= 1 }
    if stored.count >= limit { stored.removeFirst(Swift.max(1, limit / 10)) }
    var line = Array(UnsafeBufferPointer(start: row, count: end))
    if reverse {
      for column in line.indices { line[column].attrs.reverse ^= 1 }
    }
    stored.append(line)
    if scrolledBack > 0 { scrolledBack = Swift.min(scrolledBack + 1, stored.count) }
  }

  /// Takes back the newest line, as read, when the screen grows.
  mutating func popLast() -> [VTermScreenCell]? {
    guard !stored.isEmpty else { return nil }
    let line = self[stored.count - 1]
    stored.removeLast()
    scrolledBack = Swift.min(scrolledBack, stored.count)
    return line
  }

  /// Whether a cell shows nothing: no character, or a space, on the default background.
  @inline(__always)
  private static func isBlank(_ cell: VTermScreenCell) -> Bool {
    guard cell.chars.0 == 0 || cell.chars.0 == 32 else { return false }
    var background = cell.bg
    return tabshell_vterm_color_is_default_bg(&background) != 0
  }
}
