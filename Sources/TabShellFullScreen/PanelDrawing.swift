@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal

/// Draws the output panel over the screen area: a title row (what printed it, the keys, where in
/// the output it is), then as many of its rows as fit, errors in red.
enum PanelDrawing {
  static let titleStyle = CellStyle(attributes: [.reverse])
  static let errorStyle = CellStyle(foreground: .palette(9), attributes: [.bold])

  /// The rows of `panel` that show when its area ends at row `bottom` (exclusive), `columns`
  /// wide: how many rows of text fit under its title row.
  static func visibleRows(bottom: Int) -> Int { max(0, bottom - 1) }

  /// Draws it in rows `..<bottom`, as high as it needs (at most all of them); `screenFocus`: the
  /// keys go to the screen, where Esc is the screen's and a key sent to it closes the panel.
  static func draw(
    _ panel: inout OutputPanel, into grid: inout CellGrid, bottom: Int, screenFocus: Bool = false
  ) {
    let columns = grid.columns
    let rows = panel.rows(width: columns)
    guard bottom >= 1, columns >= 1 else { return }
    let visible = min(rows.count, visibleRows(bottom: bottom))
    let top = bottom - visible - 1
    let first = panel.clampTop(visible: visible, width: columns)
    grid.fill(row: top, columns: 0..<columns, style: titleStyle)
    grid.write(
      title(
        panel, first: first, visible: visible, total: rows.count, columns: columns,
        screenFocus: screenFocus),
      column: 0, row: top, style: titleStyle)
    for index in 0..<visible {
      let row = top + 1 + index
      grid.fill(row: row, columns: 0..<columns)
      let line = rows[first + index]
      grid.write(line.text, column: 0, row: row, style: line.isError ? errorStyle : .plain)
    }
  }

  /// ` help · Esc closes · PgUp PgDn · 1-18 of 123 `, cut to the width (the command first to go);
  /// in the screen focus, where Esc, PgUp and PgDn are the screen's keys, ` a key to the screen
  /// closes` and the wheel, which scrolls the panel under the pointer.
  static func title(
    _ panel: OutputPanel, first: Int, visible: Int, total: Int, columns: Int,
    screenFocus: Bool = false
  ) -> String {
    var keys = screenFocus ? " a key to the screen closes" : " Esc closes"
    if visible < total {
      keys +=
        (screenFocus ? " · wheel" : " · PgUp PgDn")
        + " · \(first + 1)-\(first + visible) of \(total)"
    }
    keys += " "
    let room = columns - displayWidth(of: keys) - 2
    let command = room > 3 ? " " + Renderer.truncate(panel.title, toWidth: room) + " ·" : ""
    return Renderer.truncate(command + keys, toWidth: columns)
  }
}
