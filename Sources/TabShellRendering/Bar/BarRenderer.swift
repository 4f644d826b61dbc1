@_spi(Host) import TabShellKit

/// Draws the bar: as one line (the REPL's), or as the rows under a frame's screen (a rule that
/// marks the selected slot, an icons row and a titles row, as a phone shows it), with the action
/// button's cap protruding one row above the rule.
///
/// Every row is made of ``Piece``s, each drawn for one thing (an entry, a marker) inside the columns
/// that thing owns, so that what is drawn and what a click there hits (``TerminalLayout``) come
/// from the same geometry.
struct BarRenderer {
  let entries: BarEntries
  let appearance: BarAppearance
  let width: Int
  let geometry: BarGeometry

  /// With `oneLine`, the bar is laid out for ``line``: centred items are as wide as the widest
  /// item's one-line form (icon, title and badge side by side) needs, where the rows under a frame
  /// keep the appearance's item width, so that the line drops nothing the frame's rows show.
  init(_ shell: Shell, width: Int, scroll: BarScroll = BarScroll(), oneLine: Bool = false) {
    let entries = BarEntries(shell)
    var looks = shell.bar.appearance
    if oneLine, looks.positioning == .centered {
      let widest = (0..<entries.count).map {
        BarItemContent(entry: entries.entry(at: $0), appearance: looks).naturalWidth
      }.max()
      looks.itemWidth = max(looks.itemWidth, widest ?? 0)
    }
    self.entries = entries
    self.appearance = looks
    self.width = max(1, width)
    let (appearance, width) = (looks, self.width)
    func geometry(_ anchor: BarScroll.Anchor?) -> BarGeometry {
      BarGeometry(
        count: entries.count, selected: entries.selectedIndex, width: width,
        appearance: appearance, actionIndex: entries.actionIndex, scroll: anchor,
        desired: {
          BarItemContent(entry: entries.entry(at: $0), appearance: appearance).naturalWidth
        })
    }
    let scrolled = scroll.anchor(selected: entries.selectedIndex, count: entries.count)
    var laid = geometry(scrolled?.anchor)
    // A pinned window holds only while the selection is in it.
    if let scrolled, scrolled.showsSelection, let selected = entries.selectedIndex,
      !(laid.first..<laid.first + laid.slots.count).contains(selected)
    {
      laid = geometry(nil)
    }
    self.geometry = laid
  }

  static let markerStyle = TextStyle(bold: true)

  /// What a piece of the bar is drawn for.
  enum Owner: Equatable, Sendable {
    /// The entry at this index (a tab, or the action button).
    case entry(Int)
    /// The "+N" marker on the left.
    case moreLeft
    /// The "+N" marker on the right.
    case moreRight
  }

  /// Text drawn for one owner (or for none: the rule between slots) from a column.
  struct Piece {
    var owner: Owner?
    var column: Int
    var line: StyledLine
  }

  /// The visible entries: their index, slot column and width.
  var visible: [(index: Int, column: Int, width: Int)] {
    geometry.slots.enumerated().map { offset, slot in
      (geometry.first + offset, slot.column, slot.width)
    }
  }

  /// The columns of the markers (empty ranges when there are none).
  var leftMarkerColumns: Range<Int> { 0..<min(width, geometry.leftMarker.utf8.count) }
  var rightMarkerColumns: Range<Int> {
    max(0, width - geometry.rightMarker.utf8.count)..<width
  }

  /// The bar as one line.
  var line: StyledLine {
    var line = StyledLine(geometry.leftMarker, style: Self.markerStyle)
    for item in visible {
      let content = BarItemContent(entry: entries.entry(at: item.index), appearance: appearance)
      line.place(content.line(width: item.width), at: item.column)
    }
    return withRightMarker(line).clipped(to: width)
  }

  /// The action button's visible slot, if it is in the window.
  var actionSlot: (index: Int, column: Int, width: Int)? {
    guard let actionIndex = entries.actionIndex else { return nil }
    return visible.first { $0.index == actionIndex }
  }

  /// The action button's cap, drawn on the row above the bar: `╭─⊕─╮`, centred on its slot.
  var cap: Piece? {
    guard let slot = actionSlot else { return nil }
    let content = BarItemContent(entry: entries.entry(at: slot.index), appearance: appearance)
    let icon = content.icon
    let style = TextStyle(foreground: appearance.tint, bold: true)
    var line = StyledLine()
    if slot.width >= icon.width + 4 {
      line.append("╭─", width: 2, style: style)
      line.append(icon.text, width: icon.width, style: style)
      line.append(icon.width == 0 ? "──╮" : "─╮", width: icon.width == 0 ? 3 : 2, style: style)
    } else if slot.width >= icon.width + 2 {
      line.append("╭", width: 1, style: style)
      line.append(icon.text, width: icon.width, style: style)
      line.append("╮", width: 1, style: style)
    } else {
      line.append(icon.text, width: min(icon.width, slot.width), style: style)
    }
    guard line.width > 0 else { return nil }
    return Piece(
      owner: .entry(slot.index), column: slot.column + (slot.width - line.width) / 2, line: line)
  }

  /// The bar's rows in a frame: the rule, the icons and the titles, each as pieces. With `capped`,
  /// the action button's icon is in its cap (drawn by the caller above the rule) and the rule
  /// opens under it.
  func rowPieces(capped: Bool) -> [[Piece]] {
    let cap = capped ? self.cap : nil
    var rule: [Piece] = []
    var icons: [Piece] = []
    var titles: [Piece] = []
    let plainRule = TextStyle(foreground: appearance.unselectedTint)
    var ruleEnd = 0
    func ruleGap(to column: Int) {
      if column > ruleEnd {
        rule.append(
          Piece(owner: nil, column: ruleEnd, line: Self.rule("─", column - ruleEnd, plainRule)))
      }
    }
    if !leftMarkerColumns.isEmpty {
      rule.append(
        Piece(owner: .moreLeft, column: 0, line: Self.rule("─", leftMarkerColumns.count, plainRule))
      )
      titles.append(
        Piece(
          owner: .moreLeft, column: 0,
          line: StyledLine(geometry.leftMarker, style: Self.markerStyle)))
      ruleEnd = leftMarkerColumns.count
    }
    for item in visible {
      let entry = entries.entry(at: item.index)
      let content = BarItemContent(entry: entry, appearance: appearance)
      ruleGap(to: item.column)
      var segment: StyledLine
      if entry.isSelected {
        segment = Self.rule("━", item.width, TextStyle(foreground: appearance.tint, bold: true))
      } else if let cap, cap.owner == .entry(item.index), cap.line.width >= 2 {
        segment = StyledLine()
        let before = cap.column - item.column
        segment.append(Self.rule("─", before, plainRule))
        let capStyle = TextStyle(foreground: appearance.tint, bold: true)
        segment.append("╯", width: 1, style: capStyle)
        segment.appendSpaces(cap.line.width - 2)
        segment.append("╰", width: 1, style: capStyle)
        segment.append(Self.rule("─", item.width - before - cap.line.width, plainRule))
      } else {
        segment = Self.rule("─", item.width, plainRule)
      }
      rule.append(Piece(owner: .entry(item.index), column: item.column, line: segment))
      ruleEnd = item.column + item.width
      let iconRow =
        cap?.owner == .entry(item.index)
        ? StyledLine().centered(in: item.width) : content.iconRow(width: item.width)
      icons.append(Piece(owner: .entry(item.index), column: item.column, line: iconRow))
      titles.append(
        Piece(
          owner: .entry(item.index), column: item.column, line: content.titleRow(width: item.width))
      )
    }
    let markerStart = rightMarkerColumns.isEmpty ? width : rightMarkerColumns.lowerBound
    ruleGap(to: markerStart)
    if !rightMarkerColumns.isEmpty {
      rule.append(
        Piece(
          owner: .moreRight, column: markerStart,
          line: Self.rule("─", rightMarkerColumns.count, plainRule)))
      titles.append(
        Piece(
          owner: .moreRight, column: markerStart,
          line: StyledLine(geometry.rightMarker, style: Self.markerStyle)))
    }
    return [rule, icons, titles]
  }

  /// The rows as lines (see ``rowPieces(capped:)``).
  func rows(capped: Bool) -> [StyledLine] {
    rowPieces(capped: capped).map { Self.assemble($0, width: width) }
  }

  /// Pieces placed left to right on one line, cut to `width`.
  static func assemble(_ pieces: [Piece], width: Int) -> StyledLine {
    var line = StyledLine()
    for piece in pieces.sorted(by: { $0.column < $1.column }) {
      line.place(piece.line, at: piece.column)
    }
    return line.clipped(to: width)
  }

  private func withRightMarker(_ line: StyledLine) -> StyledLine {
    guard !geometry.rightMarker.isEmpty else { return line }
    var line = line
    let marker = StyledLine(geometry.rightMarker, style: Self.markerStyle)
    line.place(marker, at: width - marker.width)
    return line
  }

  /// `count` times a rule character.
  private static func rule(_ text: String, _ count: Int, _ style: TextStyle) -> StyledLine {
    var line = StyledLine()
    if count > 0 { line.append(Renderer.repeated(text, count), width: count, style: style) }
    return line
  }
}
