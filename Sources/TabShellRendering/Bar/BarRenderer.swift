@_spi(Host) import TabShellKit

/// Draws the bar: as one line (the REPL's), or as the rows under a frame's screen (a rule that
/// marks the selected slot, an icons row and a titles row, as a phone shows it).
struct BarRenderer {
  let entries: BarEntries
  let appearance: BarAppearance
  let width: Int
  let geometry: BarGeometry

  init(_ shell: Shell, width: Int) {
    entries = BarEntries(shell)
    appearance = shell.bar.appearance
    self.width = max(1, width)
    let (entries, appearance) = (entries, appearance)
    geometry = BarGeometry(
      count: entries.count, selected: entries.selectedIndex, width: self.width,
      appearance: appearance,
      desired: { BarItemContent(entry: entries.entry(at: $0), appearance: appearance).naturalWidth }
    )
  }

  static let markerStyle = TextStyle(bold: true)

  /// The visible entries with their slots.
  private var visible: [(entry: BarEntry, column: Int, width: Int)] {
    geometry.slots.enumerated().map { offset, slot in
      (entries.entry(at: geometry.first + offset), slot.column, slot.width)
    }
  }

  /// The bar as one line.
  var line: StyledLine {
    var line = StyledLine(geometry.leftMarker, style: Self.markerStyle)
    for item in visible {
      let content = BarItemContent(entry: item.entry, appearance: appearance)
      line.place(content.line(width: item.width), at: item.column)
    }
    return withRightMarker(line).clipped(to: width)
  }

  /// The bar's rows in a frame: the rule, the icons and the titles.
  var rows: [StyledLine] {
    let items = visible
    var rule = StyledLine()
    var icons = StyledLine()
    var titles = StyledLine(geometry.leftMarker, style: Self.markerStyle)
    let plainRule = TextStyle(foreground: appearance.unselectedTint)
    for item in items {
      let content = BarItemContent(entry: item.entry, appearance: appearance)
      if item.entry.isSelected {
        rule.append(
          repeated("─", item.column - rule.width), width: item.column - rule.width,
          style: plainRule)
        rule.append(
          repeated("━", item.width), width: item.width,
          style: TextStyle(foreground: appearance.tint, bold: true))
      }
      icons.place(content.iconRow(width: item.width), at: item.column)
      titles.place(content.titleRow(width: item.width), at: item.column)
    }
    rule.append(
      repeated("─", width - rule.width), width: max(0, width - rule.width), style: plainRule)
    return [
      rule.clipped(to: width), icons.clipped(to: width), withRightMarker(titles).clipped(to: width),
    ]
  }

  private func withRightMarker(_ line: StyledLine) -> StyledLine {
    guard !geometry.rightMarker.isEmpty else { return line }
    var line = line
    let marker = StyledLine(geometry.rightMarker, style: Self.markerStyle)
    line.place(marker, at: width - marker.width)
    return line
  }

  private func repeated(_ text: String, _ count: Int) -> String {
    count > 0 ? String(repeating: text, count: count) : ""
  }
}
