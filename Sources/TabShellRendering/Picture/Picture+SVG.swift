@_spi(Host) import TabShellKit

extension Picture {
  /// A cell's width in an SVG picture, in pixels (DejaVu Sans Mono at 15 px advances 9.03).
  static let cellWidth = 9
  /// A row's height, in pixels.
  static let cellHeight = 18
  /// The text's baseline below its row's top.
  static let baseline = 14

  /// The picture as SVG: a monospace grid `columns × 9` by `rows × 18` pixels, every cell where
  /// its column and row put it: the backgrounds as rectangles, the text of each run of cells in
  /// one style as one `text` element with an x for each character (a wide one takes two cells, a
  /// character with marks has an element of its own), bold and italic as the font's, dim as a
  /// colour half way to the background, underline and strikethrough as lines, reverse and the
  /// cursor (a block) as swapped colours.
  package var svg: String {
    let (width, height) = (columns * Self.cellWidth, rows * Self.cellHeight)
    var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
    svg += " viewBox=\"0 0 \(width) \(height)\" font-family=\"\(Self.fonts)\" font-size=\"15\">\n"
    let background = PicturePalette.hex(PicturePalette.background)
    svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(background)\"/>\n"
    var shapes = ""
    var texts = ""
    for row in 0..<rows {
      let cells = painted(row: row)
      shapes += backgrounds(cells, row: row)
      shapes += lines(cells, row: row)
      texts += text(cells, row: row)
    }
    svg += "<g shape-rendering=\"crispEdges\">\n" + shapes + "</g>\n"
    svg += "<g>\n" + texts + "</g>\n</svg>\n"
    return svg
  }

  /// One rectangle for each run of cells of one background that is not the picture's own.
  private func backgrounds(_ cells: [Painted], row: Int) -> String {
    var shapes = ""
    var index = 0
    let plain = PicturePalette.background
    while index < cells.count {
      let color = cells[index].background
      var end = index + 1
      while end < cells.count, cells[end].background == color { end += 1 }
      if color != plain {
        let first = cells[index].column
        let last = cells[end - 1].column + cells[end - 1].width
        shapes += rect(
          column: first, columns: last - first, row: row, y: 0, height: Self.cellHeight,
          color: color)
      }
      index = end
    }
    return shapes
  }

  /// Underlines and strikethroughs in the text's colour, one line for each run of cells side by
  /// side that have it in the same colour.
  private func lines(_ cells: [Painted], row: Int) -> String {
    var shapes = ""
    for (attribute, y) in [(Canvas.Attributes.underline, 16), (.strikethrough, 9)] {
      var index = 0
      while index < cells.count {
        guard cells[index].attributes.contains(attribute) else {
          index += 1
          continue
        }
        let first = cells[index]
        var end = index + 1
        while end < cells.count, cells[end].attributes.contains(attribute),
          cells[end].color == first.color,
          cells[end].column == cells[end - 1].column + cells[end - 1].width
        {
          end += 1
        }
        let last = cells[end - 1].column + cells[end - 1].width
        shapes += rect(
          column: first.column, columns: last - first.column, row: row, y: y, height: 1,
          color: first.color)
        index = end
      }
    }
    return shapes
  }

  private func rect(
    column: Int, columns: Int, row: Int, y: Int, height: Int, color: PicturePalette.RGB
  ) -> String {
    "<rect x=\"\(column * Self.cellWidth)\" y=\"\(row * Self.cellHeight + y)\""
      + " width=\"\(columns * Self.cellWidth)\" height=\"\(height)\""
      + " fill=\"\(PicturePalette.hex(color))\"/>\n"
  }

  /// The text of a row: a `text` element for each run of characters of one colour, weight and
  /// slant, each character at its cell's x; a character of more than one scalar (a base and its
  /// marks) or outside the Basic Multilingual Plane (which SVG renderers count as two) has one
  /// of its own.
  private func text(_ cells: [Painted], row: Int) -> String {
    var texts = ""
    let y = row * Self.cellHeight + Self.baseline
    var index = 0
    while index < cells.count {
      guard !cells[index].isBlank else {
        index += 1
        continue
      }
      let first = cells[index]
      var end = index + 1
      if Self.isSimple(first.text) {
        while end < cells.count, !cells[end].isBlank, Self.isSimple(cells[end].text),
          cells[end].color == first.color, Self.font(cells[end]) == Self.font(first)
        {
          end += 1
        }
      }
      let run = cells[index..<end]
      let xs = run.map { String($0.column * Self.cellWidth) }.joined(separator: " ")
      texts += "<text x=\"\(xs)\" y=\"\(y)\" fill=\"\(PicturePalette.hex(first.color))\""
      texts += Self.font(first) + ">" + Self.escaped(run.map(\.text).joined()) + "</text>\n"
      index = end
    }
    return texts
  }

  /// Whether a cell's text is one scalar of the Basic Multilingual Plane.
  private static func isSimple(_ text: String) -> Bool {
    let scalars = text.unicodeScalars
    guard let first = scalars.first, first.value <= 0xFFFF else { return false }
    return scalars.index(after: scalars.startIndex) == scalars.endIndex
  }

  /// The attributes of a `text` element for bold and italic.
  private static func font(_ cell: Painted) -> String {
    (cell.attributes.contains(.bold) ? " font-weight=\"bold\"" : "")
      + (cell.attributes.contains(.italic) ? " font-style=\"italic\"" : "")
  }
}
