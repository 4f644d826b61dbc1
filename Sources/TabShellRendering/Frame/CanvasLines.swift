import TabShellKit

/// Turns a screen's canvas into styled lines: each cell's colour and weight, and the region's
/// background when the screen set one.
///
/// Defensive about what a screen left in its cells: nothing is ever wider than the canvas, a lone
/// right half of a wide character becomes a blank, and control characters become blanks.
enum CanvasLines {
  static func lines(of canvas: Canvas) -> [StyledLine] {
    canvas.rows.map { line(of: $0, width: canvas.width, background: canvas.background) }
  }

  private static func line(of cells: [Canvas.Cell], width: Int, background: BarColor?)
    -> StyledLine
  {
    var line = StyledLine()
    var covered = false
    for (index, cell) in cells.enumerated() {
      let style = TextStyle(foreground: cell.color, background: background, bold: cell.isBold)
      if covered {
        // The right half of a wide character: only zero-width marks may sit here.
        covered = false
        let text = Renderer.sanitized(cell.text)
        if !text.isEmpty, displayWidth(of: text) == 0 { line.append(text, width: 0, style: style) }
        continue
      }
      let text = Renderer.sanitized(cell.text)
      let w = displayWidth(of: text)
      if w == 0 || w > 2 || (w == 2 && index + 1 >= cells.count) || line.width + w > width {
        line.appendSpaces(1, style: TextStyle(background: background))
        continue
      }
      line.append(text, width: w, style: style)
      covered = w == 2
    }
    return line
  }
}
