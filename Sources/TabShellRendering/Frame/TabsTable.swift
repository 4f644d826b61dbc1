@_spi(Host) import TabShellKit

/// The table that `tabs` prints: one row per tab, columns aligned by display width. The first
/// column marks the selected tab (`*`), and a tab the bar marks for a bell (`!`) or activity
/// (`#`), which is never the selected one.
///
/// When the table is wider than the width, the title and then the id columns are cut (with "…")
/// down to a few columns; past that, whole columns are left out from the right, and then lines are
/// clipped. Under the table, a line for each screen in the error state (in a stack, or presented):
/// `screen ID: FAILURE`.
struct TabsTable {
  static let headings = ["", "#", "ID", "TITLE", "TYPE", "BADGE", "ENABLED", "LOADED", "DEPTH"]
  private static let titleColumn = 3
  private static let idColumn = 2
  private static let shrinkable = 6

  let shell: Shell
  let width: Int

  func lines(color: ColorMode) -> [StyledLine] {
    let selected = shell.selectedPosition
    var rows: [[String]] = [Self.headings]
    rows.reserveCapacity(shell.tabCount + 1)
    for tab in shell.tabs {
      rows.append(
        [
          tab.position == selected ? "*" : BarMark(tab.item)?.rawValue ?? "", String(tab.position),
          tab.id, tab.item.title,
          tab.stack.first?.type ?? "",
          tab.item.badge.map { Renderer.badgeText($0, maxWidth: 8) } ?? "-",
          tab.item.isEnabled ? "yes" : "no", tab.isLoaded ? "yes" : "no", String(tab.stack.count),
        ].map(Renderer.sanitized))
    }
    let cellWidths = rows.map { $0.map { displayWidth(of: $0) } }
    var columns = Self.headings.indices.map { column in
      cellWidths.reduce(0) { max($0, $1[column]) }
    }
    var excess = columns.reduce(0, +) + 2 * (columns.count - 1) - width
    for column in [Self.titleColumn, Self.idColumn] where excess > 0 {
      let cut = min(excess, max(0, columns[column] - Self.shrinkable))
      columns[column] -= cut
      excess -= cut
    }
    // Still too wide: whole columns go, from the right, rather than being cut in the middle.
    var shown = columns.count
    while excess > 0, shown > Self.titleColumn + 1 {
      shown -= 1
      excess -= columns[shown] + 2
    }
    let tint = shell.bar.appearance.tint
    let table = rows.enumerated().map { index, row in
      let style: TextStyle =
        index == 0
        ? TextStyle(bold: true)
        : row[0] == "*" ? TextStyle(foreground: tint, bold: true) : .plain
      var line = StyledLine()
      for (column, cell) in row.prefix(shown).enumerated() {
        let fitted =
          cellWidths[index][column] <= columns[column]
          ? (text: cell, width: cellWidths[index][column])
          : Renderer.fit(cell, width: columns[column])
        line.place(StyledLine(), at: column == 0 ? 0 : line.width + 2)
        let numeric = column == 1 || column == 8
        if numeric { line.appendSpaces(columns[column] - fitted.width) }
        line.append(fitted.text, width: fitted.width, style: style)
        if !numeric { line.appendSpaces(columns[column] - fitted.width) }
      }
      return line.clipped(to: width)
    }
    return table + failureLines()
  }

  /// A line for each screen in the error state, in red: tabs left to right, each stack root first,
  /// then the presented screen.
  private func failureLines() -> [StyledLine] {
    let screens = shell.tabs.flatMap(\.stack) + (shell.modalScreen.map { [$0] } ?? [])
    return screens.compactMap { screen in
      guard let failure = screen.failure else { return nil }
      let text = Renderer.sanitized("screen \(screen.id): \(failure)")
      return StyledLine(text, style: TextStyle(foreground: .red)).clipped(to: width)
    }
  }
}
