@_spi(Host) import TabShellKit

/// The terminal as the full-screen mode lays it out (docs/Contract.md, "The full-screen mode"): the
/// screen area at the top, the bar's three rows under it (when shown) with the action button's cap
/// protruding one row above the bar's top edge, and the reserved rows at the bottom (the
/// full-screen mode's command line; none for `show`). The cap never covers the cells of a screen
/// that takes input (a terminal tab's): the screen area then ends above the cap's row, which holds
/// the cap alone.
///
/// With the compact bar (``BarStyle/compact``, `set bar compact`) the screen area has no header
/// (the region starts on the first row) and the bar is one status row on the terminal's last row,
/// with no cap: the reserved row when there is one (the full-screen mode's command line opens in
/// it), else a row of its own. The screen's region then has every row but one.
///
/// It is computed once, from the geometry the bar is drawn with, and both draws the frame
/// (``frameLines(page:)``) and answers what is at a cell (``hit(column:row:)``): what a click does in
/// the full-screen mode is what `click` does in a script. When the terminal has fewer rows than
/// the bar needs, the bar keeps its last rows (the titles first) and the screen area gets none.
///
/// Immutable, and a class: the interpreter keeps the layout it made until the shell or the
/// options change, and hands it out several times a key (a value's copy retained each part of
/// the bar it holds, through the generic witnesses of its optional parts).
package final class TerminalLayout {
  /// Columns.
  package let columns: Int
  /// Rows of the terminal, the reserved ones included.
  package let rows: Int
  /// Rows of the screen area (rows `0..<screenHeight`): the visible screen's header, then its
  /// region.
  package let screenHeight: Int
  /// Rows at the bottom that are not the frame's (the command line).
  package let reservedRows: Int
  /// Which of the bar's rows are shown: 0 the rule, 1 the icons, 2 the titles.
  let barKinds: Range<Int>
  /// Whether the action button's cap has a row of its own, between the screen area and the bar
  /// (the visible screen takes input).
  let capOwnsRow: Bool
  let bar: BarRenderer?
  /// The compact bar, when the bar is compact and shown.
  let compact: CompactBar?
  /// Whether the bar is compact: no header over the screen's region, one status row.
  package let isCompact: Bool
  /// The action button's cap, on the screen area's last row.
  let cap: BarRenderer.Piece?
  let shell: Shell

  /// Lays out `shell` in a terminal of `options.width` × `options.height`, `options.reservedRows`
  /// of them kept free at the bottom, with the bar's window where `scroll` puts it.
  package init(_ shell: Shell, options: RenderOptions, scroll: BarScroll = BarScroll()) {
    self.shell = shell
    columns = options.columns
    rows = options.rows
    let shown = !shell.isBarHidden && BarEntries(shell).count > 0
    isCompact = options.bar == .compact
    let bar = shown && !isCompact ? BarRenderer(shell, width: columns, scroll: scroll) : nil
    compact = shown && isCompact ? CompactBar(shell, width: columns) : nil
    let capped = bar?.cap != nil && shell.visibleScreenTakesInput
    let heights = Self.heights(options, barShown: shown, capOwnsRow: capped)
    reservedRows = heights.reserved
    barKinds = (3 - heights.bar)..<3
    screenHeight = heights.screen
    capOwnsRow = heights.capRow
    self.bar = bar
    cap = heights.bar == 3 && (screenHeight > 0 || capOwnsRow) ? bar?.cap : nil
  }

  /// The first row of the visible screen's region: under the header, or the first with the
  /// compact bar.
  package var regionTop: Int { isCompact ? 0 : 1 }

  /// The height of a page as ``Renderer/page(_:tab:width:height:)`` counts it (its header and its
  /// region) for the screen area: with the compact bar its header is left out of the frame.
  package var pageHeight: Int { isCompact && screenHeight > 0 ? screenHeight + 1 : screenHeight }

  /// The rows of the visible screen's region.
  package var regionRows: Int { max(0, pageHeight - 1) }

  /// The compact bar's status row (the terminal's last row), when the bar is compact and shown.
  package var statusRow: Int? { compact == nil || rows == 0 ? nil : rows - 1 }

  /// The first row of the bar (when it is shown).
  package var barTop: Int { statusRow ?? screenHeight + (capOwnsRow ? 1 : 0) }

  /// The rows the frame fills: the screen area and the bar.
  package var frameHeight: Int { rows - reservedRows }

  /// The row of the action button's cap, if it shows.
  package var capRow: Int? { cap == nil ? nil : barTop - 1 }

  /// Whether a cell (0-based) is the bar's: one of its rows, or the action button's cap.
  package func isBar(column: Int, row: Int) -> Bool {
    if let statusRow { return row == statusRow && column >= 0 && column < columns }
    guard bar != nil else { return false }
    if let cap, row == barTop - 1 {
      return (cap.column..<cap.column + cap.line.width).contains(column)
    }
    return row >= barTop && row < frameHeight
  }

  /// What is at a cell (0-based); `nil` outside the terminal.
  package func hit(column: Int, row: Int) -> HitTarget? {
    guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
    if capCovers(column: column, row: row) { return .action }
    if let compact, row == statusRow {
      if column == compact.leftMarker { return .moreLeft }
      if column == compact.rightMarker { return .moreRight }
      return compact.entry(atColumn: column).map(target(ofEntry:)) ?? HitTarget.none
    }
    if row < screenHeight {
      if row >= regionTop, let panes = shell.visiblePanes {
        switch panes.layout.place(column: column, row: row - regionTop) {
        case .pane(let handle)?:
          if let pane = panes.panes.first(where: { $0.frame.pane == handle }) {
            return .screen(id: pane.screen.id)
          }
        case .border(let border)?:
          if let (_, before) = panes.layout.position(of: border),
            let pane = panes.panes.first(where: { $0.frame.pane == before })
          {
            return .border(border, tab: panes.tab, pane: pane.screen.id)
          }
        case nil: break
        }
      }
      // The id alone (kept by the shell), not the screen's record copied: the full-screen mode
      // asks this of its cursor each frame.
      return shell.visibleScreenID.map { .screen(id: $0) } ?? HitTarget.none
    }
    guard let bar, row >= barTop, row < frameHeight else { return HitTarget.none }
    if bar.leftMarkerColumns.contains(column) { return .moreLeft }
    if bar.rightMarkerColumns.contains(column) { return .moreRight }
    for slot in bar.visible where (slot.column..<slot.column + slot.width).contains(column) {
      return target(ofEntry: slot.index)
    }
    return HitTarget.none
  }

  /// Whether the action button's cap covers a cell.
  private func capCovers(column: Int, row: Int) -> Bool {
    guard let cap, row == barTop - 1 else { return false }
    return (cap.column..<cap.column + cap.line.width).contains(column)
  }

  /// Whether a cell is the screen area's (the visible screen's header and region, its panes and
  /// their borders) and not under the action button's cap: where ``hit(column:row:)`` finds a
  /// screen or a border, without looking up which (the full-screen mode asks it of the cursor a
  /// screen placed in its own region, each frame).
  package func isScreenArea(column: Int, row: Int) -> Bool {
    guard column >= 0, column < columns, row >= 0, row < screenHeight,
      !capCovers(column: column, row: row)
    else { return false }
    return compact == nil || row != statusRow
  }

  /// What an entry of the bar is: a tab (its position and id) or the action button.
  func target(ofEntry index: Int) -> HitTarget {
    guard let entries = bar?.entries ?? compact?.entries,
      let position = entries.position(ofIndex: index)
    else { return .action }
    return .tab(position: position, id: shell.model.tabs[position - 1].id)
  }

  /// The scroll after a click on a marker: a page further that way, the selection unchanged.
  package func scrolled(_ target: HitTarget, from scroll: BarScroll) -> BarScroll {
    guard let bar else { return scroll }
    let geometry = bar.geometry
    var scroll = scroll
    let count = bar.entries.count
    let selected = bar.entries.selectedIndex
    switch target {
    case .moreLeft where geometry.first > 0:
      scroll.scroll(to: .to(geometry.first - 1), selected: selected, count: count)
    case .moreRight where geometry.first + geometry.slots.count < count:
      scroll.scroll(
        to: .from(geometry.first + geometry.slots.count), selected: selected, count: count)
    default: break
    }
    return scroll
  }

  /// The bar's window kept for the next frame (``BarScroll/pin(first:selected:count:)``): the
  /// full-screen mode calls it after each frame, so that a step to a neighbour moves the
  /// selection, not the whole bar.
  package func pinned(_ scroll: BarScroll) -> BarScroll {
    guard let bar else { return scroll }
    var scroll = scroll
    scroll.pin(
      first: bar.geometry.first, selected: bar.entries.selectedIndex, count: bar.entries.count)
    return scroll
  }

  /// The region of the screen `id` on the terminal (0-based): a pane's frame under the header
  /// when the visible tab shows its panes, else the whole region; `nil` for a screen that does
  /// not show.
  package func region(ofScreen id: String) -> (column: Int, row: Int, width: Int, height: Int)? {
    let rows = regionRows
    let top = regionTop
    guard let panes = shell.visiblePanes else {
      return shell.visibleScreenID == id ? (0, top, columns, rows) : nil
    }
    guard let frame = panes.pane(id)?.frame, frame.column < columns, frame.row < rows else {
      return nil
    }
    return (
      frame.column, frame.row + top, min(frame.width, columns - frame.column),
      min(frame.height, rows - frame.row)
    )
  }

  /// The bar's rows that show, top first (none when the bar is hidden).
  package var barLines: [StyledLine] {
    if let compact { return [compact.line] }
    guard let bar else { return [] }
    return Array(bar.rows(capped: cap != nil)[barKinds])
  }

  /// The action button's cap: its row, column and text.
  package var capLine: (row: Int, column: Int, line: StyledLine)? {
    guard let cap, let capRow else { return nil }
    return (capRow, cap.column, cap.line)
  }

  /// The bar's rows as pieces, with the entries they are drawn for (for the tests that check that
  /// a cell hits what is drawn there): each as its row, its column, its text and its target.
  package var drawnPieces: [(row: Int, column: Int, line: StyledLine, target: HitTarget?)] {
    var pieces: [(row: Int, column: Int, line: StyledLine, target: HitTarget?)] = []
    if let compact, let statusRow {
      let marker = StyledLine("<", style: CompactBar.markerStyle)
      if let left = compact.leftMarker { pieces.append((statusRow, left, marker, .moreLeft)) }
      for piece in compact.pieces {
        pieces.append((statusRow, piece.column, piece.line, target(ofEntry: piece.index)))
      }
      if let right = compact.rightMarker {
        pieces.append((statusRow, right, StyledLine(">", style: marker.runs[0].style), .moreRight))
      }
      return pieces
    }
    guard let bar else { return [] }
    let rows = bar.rowPieces(capped: cap != nil)
    for (offset, kind) in barKinds.enumerated() {
      for piece in rows[kind] {
        pieces.append((barTop + offset, piece.column, piece.line, piece.owner.map(target(of:))))
      }
    }
    if let cap, let capRow, let owner = cap.owner {
      pieces.append((capRow, cap.column, cap.line, target(of: owner)))
    }
    return pieces
  }

  private func target(of owner: BarRenderer.Owner) -> HitTarget {
    switch owner {
    case .entry(let index): target(ofEntry: index)
    case .moreLeft: .moreLeft
    case .moreRight: .moreRight
    }
  }

  /// The whole frame (the reserved rows left out): `page` (the screen area's rows, as many as
  /// ``screenHeight``) with the action button's cap over its last row (or on a row of its own),
  /// then the bar's rows.
  package func frameLines(page: [StyledLine]) -> [StyledLine] {
    // The compact bar's page has no header.
    var lines = Array(page.dropFirst(isCompact ? 1 : 0).prefix(screenHeight))
    while lines.count < barTop { lines.append(StyledLine()) }
    if let (row, column, line) = capLine {
      lines[row] = lines[row].overlaid(line, at: column, width: columns)
    }
    return lines + barLines
  }
}
