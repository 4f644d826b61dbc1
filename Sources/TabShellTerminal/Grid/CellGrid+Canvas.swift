@_spi(Host) import TabShellKit
import TabShellRendering

extension CellGrid {
  /// Draws a screen's canvas with its top-left cell at (`column`, `row`): what the renderer's lines
  /// of it show (each cell's colours and attributes), without making the
  /// lines; the canvas's region background under cells of the terminal's own background. Written
  /// run by run (``TabShellKit/Canvas/runs(inRow:)``), so that a page of text, mostly
  /// blanks, costs its text; as defensive as the renderer (``write(_:column:row:style:clip:)``):
  /// control characters are blanks and nothing goes past the canvas or the grid. With `only`,
  /// only those rows of the canvas (the rest of the grid is left as it is).
  package mutating func draw(canvas: Canvas, column: Int = 0, row: Int, only: [Int]? = nil) {
    let background = CellColor(canvas.background)
    let (start, end) = (max(0, column), min(columns, column + canvas.width))
    guard start < end else { return }
    let clip = start..<end
    for offset in only ?? Array(0..<canvas.height) {
      let y = row + offset
      guard y >= 0, y < rows else { continue }
      fill(row: y, columns: clip, style: CellStyle(background: background))
      for run in canvas.runs(inRow: offset) {
        let style = CellStyle(run.style, background: background)
        if let width = run.width {
          write(
            cluster: run.text, width: width, column: column + run.column, row: y, style: style,
            clip: clip)
        } else {
          write(run.text, column: column + run.column, row: y, style: style, clip: clip)
        }
      }
    }
  }
}
