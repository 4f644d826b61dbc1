@_spi(Host) import TabShellKit

/// What a recording (asciicast) sends a player's terminal to go from one picture to the next
/// (docs/Contract.md, "Pictures, recordings, locators"): the first picture whole, then only the
/// rows that changed, each erased and written again in 24-bit SGR colour; when the new rows are
/// the old ones moved up (a program's output scrolling), the screen is scrolled that much first
/// with line feeds on its last row and only the rows that then differ are written. The cursor is
/// put where the picture has it, or hidden.
package struct CastEncoder {
  /// The rows as the player shows them now: each row's text with its SGR sequences.
  private var shown: [String] = []
  /// The cursor as the player shows it now (`nil`: hidden).
  private var cursor: Canvas.Cursor??

  /// An encoder for a player whose screen is blank.
  package init() {}

  /// The bytes that turn what the player shows into `picture`; empty when nothing changed.
  package mutating func change(to picture: Picture) -> String {
    let rows = picture.lines.map { $0.rendered(.trueColor) }
    var output = ""
    if shown.count != rows.count {
      // The first picture (or one of another size, after a resize): the screen cleared.
      output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      shown = Array(repeating: "", count: rows.count)
    }
    if let moved = scroll(to: rows) {
      output += "\u{1B}[0m\u{1B}[\(rows.count);1H" + String(repeating: "\n", count: moved)
      shown = Array(shown.dropFirst(moved)) + Array(repeating: "", count: moved)
    }
    for (index, row) in rows.enumerated() where row != shown[index] {
      output += "\u{1B}[\(index + 1);1H\u{1B}[0m\u{1B}[2K" + row
      shown[index] = row
    }
    let wanted = picture.cursor
    if let place = wanted, !output.isEmpty || cursor != .some(wanted) {
      output += "\u{1B}[\(place.row + 1);\(place.column + 1)H"
    }
    let wasShown = cursor.map { $0 != nil }
    if wasShown != (wanted != nil) { output += wanted == nil ? "\u{1B}[?25l" : "\u{1B}[?25h" }
    cursor = .some(wanted)
    return output
  }

  /// How many rows the player's screen moved up to show `rows`, when that saves writing rows:
  /// the most rows that, moved up by 1 to `rows.count - 1`, land where they are now, if at least
  /// half the screen does and more than would without moving.
  private func scroll(to rows: [String]) -> Int? {
    let count = rows.count
    guard count > 2 else { return nil }
    let unchanged = zip(shown, rows).filter { $0 == $1 }.count
    guard unchanged * 2 < count else { return nil }
    var best: (moved: Int, kept: Int)?
    for moved in 1..<count {
      var kept = 0
      for index in 0..<(count - moved) where shown[index + moved] == rows[index] { kept += 1 }
      if kept * 2 >= count, kept > unchanged, kept > (best?.kept ?? 0) { best = (moved, kept) }
    }
    return best?.moved
  }
}
