@_spi(Host) import TabShellKit

extension Picture {
  /// A cell as a picture paints it: where, its text (empty for the right half of a wide
  /// character), its colours after reverse, the cursor and dim, and the attributes drawn apart
  /// (bold, italic, underline, strikethrough).
  struct Painted {
    var column: Int
    var text: String
    /// The columns it takes: 2 for a wide character, else 1.
    var width: Int
    var color: PicturePalette.RGB
    var background: PicturePalette.RGB
    var attributes: Canvas.Attributes

    /// Whether it draws no text: a blank, or the right half of a wide character.
    var isBlank: Bool { text == " " || text.isEmpty }
  }

  /// The cells of a row, painted, the right halves of wide characters left out.
  func painted(row: Int) -> [Painted] {
    var cells: [Painted] = []
    cells.reserveCapacity(columns)
    let line = canvas.rows[row]
    for column in line.indices where !line[column].text.isEmpty {
      let cell = line[column]
      let isCursor = cursor?.row == row && cursor?.column == column
      let (color, background) = PicturePalette.paint(cell.style, cursor: isCursor)
      let wide = column + 1 < line.count && line[column + 1].text.isEmpty
      cells.append(
        Painted(
          column: column, text: Self.printable(cell.text), width: wide ? 2 : 1, color: color,
          background: background, attributes: cell.style.attributes))
    }
    return cells
  }

  /// Text as XML and HTML can hold it: the two non-characters XML forbids (U+FFFE, U+FFFF) as
  /// U+FFFD. Control characters never reach a picture's cells (they are blanks).
  static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value == 0xFFFE || $0.value == 0xFFFF })
    else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value == 0xFFFE || $0.value == 0xFFFF ? "\u{FFFD}" : $0 }))
  }

  /// `&`, `<`, `>` and `"` as XML's and HTML's entities.
  package static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 })
    else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if let entity = entities[scalar] {
        escaped += entity
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  private static let entities: [Unicode.Scalar: String] = [
    "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;",
  ]

  /// The fonts a picture asks for, monospace first that most systems have.
  static let fonts = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"
}
