@_spi(Host) import TabShellKit

/// How the bar is drawn (`set bar full|compact`; docs/Contract.md, "A compact bar").
package enum BarStyle: String, Sendable, Equatable, CaseIterable {
  /// The bar's three rows under the screen area, the action button's cap above them, and a
  /// header row naming the visible screen over its region.
  case full
  /// One status row at the bottom, as tmux's: `1:sh  2:vim*  3:top#`; no header, no cap.
  case compact
}

/// The compact bar: one row of entries left to right, as tmux's status line lists its windows.
///
/// A tab is `N:title`, then its badge in parentheses and its mark: `*` selected (and drawn
/// reversed), `!` a bell, `#` activity (`2:mail(3)#`); a disabled tab's title is between tildes
/// and dim; the action button is `[+]`. Entries are two columns apart. When they do not all fit,
/// the row shows a window of them that holds the selected one, with `<` first when entries are
/// left out on the left and `>` last when some are on the right; a selected entry wider than the
/// row has its title cut. No piece is ever past the row's width.
struct CompactBar {
  /// One entry drawn: its first column, its text, and the entry index it is drawn for.
  struct Piece {
    var column: Int
    var line: StyledLine
    var index: Int
  }

  let entries: BarEntries
  let width: Int
  /// The entries drawn, left to right.
  private(set) var pieces: [Piece] = []
  /// The columns of the `<` and `>` markers, when entries are left out.
  private(set) var leftMarker: Int?
  private(set) var rightMarker: Int?

  /// The widest a title is drawn.
  static let widestTitle = 20
  /// Blanks between two entries.
  static let gap = 2

  init(_ shell: Shell, width: Int) {
    entries = BarEntries(shell)
    self.width = max(1, width)
    layOut()
  }

  /// The row: the entries, the markers, the rest blank.
  var line: StyledLine {
    var line = StyledLine()
    if let leftMarker { line.place(StyledLine("<", style: Self.markerStyle), at: leftMarker) }
    for piece in pieces { line.place(piece.line, at: piece.column) }
    if let rightMarker { line.place(StyledLine(">", style: Self.markerStyle), at: rightMarker) }
    return line.clipped(to: width)
  }

  /// The entry index drawn at a column, if any.
  func entry(atColumn column: Int) -> Int? {
    pieces.first { (($0.column)..<($0.column + $0.line.width)).contains(column) }?.index
  }

  static let markerStyle = TextStyle(bold: true)

  /// An entry's text, its title cut to `titleWidth` columns.
  func text(of index: Int, titleWidth: Int = widestTitle) -> StyledLine {
    let entry = entries.entry(at: index)
    if entry.isAction { return StyledLine("[+]", style: TextStyle(bold: true)) }
    var style = TextStyle(bold: entry.isSelected, dim: !entry.isEnabled)
    if entry.isSelected { style.attributes.insert(.reverse) }
    var text = "\(entry.position ?? 0):"
    let title = Renderer.fit(Renderer.sanitized(entry.title).trimmingBlanks, width: titleWidth)
    text += entry.isEnabled ? title.text : "~" + title.text + "~"
    if let badge = entry.badge { text += "(" + Renderer.badgeText(badge) + ")" }
    if entry.isSelected {
      text += "*"
    } else if let mark = entry.mark {
      text += mark.rawValue
    }
    return StyledLine(text, style: style)
  }

  /// Chooses the window of entries around the selected one (the first entry without one) and
  /// places them.
  private mutating func layOut() {
    let count = entries.count
    guard count > 0 else { return }
    let center = entries.selectedIndex ?? 0
    var texts: [Int: StyledLine] = [center: text(of: center)]
    var (first, last) = (center, center)
    var used = texts[center]?.width ?? 0
    // The room the markers would take: one column and a blank each.
    func fits(_ extra: Int, first: Int, last: Int) -> Bool {
      let markers = (first > 0 ? 2 : 0) + (last < count - 1 ? 2 : 0)
      return used + extra + markers <= width
    }
    // Grows to the right first, then to the left, one entry at a time, while it fits.
    var grew = true
    while grew {
      grew = false
      if last + 1 < count {
        let next = text(of: last + 1)
        if fits(Self.gap + next.width, first: first, last: last + 1) {
          last += 1
          texts[last] = next
          used += Self.gap + next.width
          grew = true
        }
      }
      if first > 0 {
        let next = text(of: first - 1)
        if fits(Self.gap + next.width, first: first - 1, last: last) {
          first -= 1
          texts[first] = next
          used += Self.gap + next.width
          grew = true
        }
      }
    }
    // The selected entry alone wider than the row: the markers give way to it.
    let alone = first == last && used + (first > 0 ? 2 : 0) + (last < count - 1 ? 2 : 0) > width
    let (showsLeft, showsRight) = (first > 0 && !alone, last < count - 1 && !alone)
    var column = 0
    if showsLeft {
      leftMarker = 0
      column = 2
    }
    let markerRoom = showsRight ? 2 : 0
    for index in first...last {
      guard var line = texts[index] else { continue }
      let room = width - column - (index == last ? markerRoom : 0)
      guard room > 0 else { break }
      if line.width > room {
        // Only the selected entry can be wider than the row: its title gives way.
        var titleWidth = Self.widestTitle
        while line.width > room, titleWidth > 1 {
          titleWidth -= 1
          line = text(of: index, titleWidth: titleWidth)
        }
        if line.width > room { line = line.clipped(to: room) }
      }
      pieces.append(Piece(column: column, line: line, index: index))
      column += line.width + Self.gap
    }
    if showsRight {
      let end = (pieces.last.map { $0.column + $0.line.width } ?? 0) + 1
      rightMarker = end < width ? end : nil
    }
  }
}
