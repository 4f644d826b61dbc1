@_spi(Host) import TabShellKit

/// Turns a screen's canvas into styled lines: each cell's colours and attributes, and the region's
/// background under cells that have none of their own.
///
/// Defensive about what a screen left in its cells: nothing is ever wider than the canvas, a lone
/// right half of a wide character becomes a blank, and control characters become blanks.
/// Cells of one style are gathered into one run; printable ASCII cells skip the width lookup.
enum CanvasLines {
  static func lines(of canvas: Canvas) -> [StyledLine] {
    canvas.rows.map { line(of: $0, width: canvas.width, background: canvas.background) }
  }

  private static func line(of cells: [Canvas.Cell], width: Int, background: Canvas.Color)
    -> StyledLine
  {
    var line = StyledLine()
    let blank = TextStyle(Canvas.Style(background: background))
    if cells.allSatisfy({ $0.style.isPlain && $0.text == " " }) {
      line.appendSpaces(cells.count, style: blank)
      return line
    }
    // A run's text is gathered as bytes: most cells are one ASCII byte.
    var run: [UInt8] = []
    run.reserveCapacity(cells.count)
    var runWidth = 0
    var runStyle = blank
    var covered = false

    func flush() {
      line.append(String(decoding: run, as: UTF8.self), width: runWidth, style: runStyle)
      run.removeAll(keepingCapacity: true)
      runWidth = 0
    }
    func add(_ text: String, _ w: Int, _ style: TextStyle) {
      if style != runStyle {
        flush()
        runStyle = style
      }
      run.append(contentsOf: text.utf8)
      runWidth += w
    }

    for (index, cell) in cells.enumerated() {
      var style = TextStyle(cell.style)
      if style.background == .terminal { style.background = background }
      let utf8 = cell.text.utf8
      if !covered, utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
        guard line.width + runWidth < width else { continue }
        if style != runStyle {
          flush()
          runStyle = style
        }
        run.append(byte)
        runWidth += 1
        continue
      }
      let text = Renderer.sanitized(cell.text)
      let measured = displayWidth(of: text)
      if covered {
        // The right half of a wide character: only zero-width marks may sit here.
        covered = false
        if !text.isEmpty, measured == 0 { add(text, 0, style) }
        continue
      }
      // A character is as wide as the cells it covers (a terminal's cell may hold one the canvas
      // measures otherwise: `❤️` in one column), or as it measures where nothing says.
      let covers = index + 1 < cells.count && cells[index + 1].text.isEmpty ? 2 : 1
      let w = measured == 2 || covers == 2 ? covers : measured
      if measured == 0 || w > 2 || (w == 2 && index + 1 >= cells.count)
        || line.width + runWidth + w > width
      {
        add(" ", 1, blank)
        continue
      }
      add(text, w, style)
      covered = w == 2
    }
    flush()
    return line
  }
}
