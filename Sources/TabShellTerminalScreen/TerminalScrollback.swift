import CVTerm

/// The lines scrolled off a terminal's primary screen, oldest first, as libvterm's screen layer
/// hands them over (docs/Contract.md, "Terminal tabs"): each without its trailing blank cells, at
/// most ``limit``; and how far the view is scrolled back through them.
struct TerminalScrollback {
  /// The lines, oldest first.
  private(set) var lines: [[VTermScreenCell]] = []
  /// The most lines kept; past it the oldest tenth goes.
  let limit: Int
  /// How many lines the view is scrolled back from the live screen (0: not scrolled back), at most
  /// `lines.count`: the lines that scroll off while it is scrolled back add to it, so that the view
  /// stays on the same lines.
  var scrolledBack = 0

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  /// Keeps a row of `columns` cells that scrolled off the top, without its trailing blanks, its
  /// cells as they are read (their widths worked out, reverse video applied when `reverse`).
  mutating func push(
    _ row: UnsafeMutablePointer<VTermScreenCell>, columns: Int, reverse: Bool
  ) {
    guard limit > 0 else { return }
    var end = columns
    while end > 0, Self.isBlank(row[end - 1]) { end -= 1 }
    if lines.count >= limit { lines.removeFirst(max(1, limit / 10)) }
    var line = Array(UnsafeBufferPointer(start: row, count: end))
    line.withUnsafeMutableBufferPointer { cells in
      // As read: the width worked out from the next cell (the stored one says protected or not).
      for column in cells.indices {
        let wide =
          column < columns - 1 && row[column + 1].chars.0 == TerminalCells.continuation
        cells[column].width = wide ? 2 : 1
        if reverse { cells[column].attrs.reverse ^= 1 }
      }
    }
    lines.append(line)
    if scrolledBack > 0 { scrolledBack = min(scrolledBack + 1, lines.count) }
  }

  /// Takes back the newest line, when the screen grows.
  mutating func popLast() -> [VTermScreenCell]? {
    guard let line = lines.popLast() else { return nil }
    scrolledBack = min(scrolledBack, lines.count)
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
