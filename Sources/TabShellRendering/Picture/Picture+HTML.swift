@_spi(Host) import TabShellKit

extension Picture {
  /// The picture as an HTML page of its own (UTF-8, no outside resource): ``htmlFragment`` with
  /// its style sheet, titled `title`.
  package func html(title: String) -> String {
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>\(Self.escaped(title))</title>
    <style>body{margin:0;background:\(PicturePalette.hex(PicturePalette.background))}
    \(Self.styleSheet)</style></head>
    <body>\(htmlFragment)</body></html>

    """
  }

  /// The style sheet a page that holds ``htmlFragment``s needs.
  package static let styleSheet = """
    pre.tabshell{display:inline-block;margin:0;padding:0;font:15px/18px \(fonts);\
    color:\(PicturePalette.hex(PicturePalette.foreground));\
    background:\(PicturePalette.hex(PicturePalette.background))}\
    pre.tabshell span.w{display:inline-block;width:2ch}
    """

  /// The picture as a `pre` element of class `tabshell`: a line a row, each run of cells in one
  /// style a `span` with that style (colours after reverse, the cursor and dim; bold, italic,
  /// underline, strikethrough), a wide character in a `span` of class `w` two cells wide; the
  /// blanks in the terminal's own colours at a row's end are left out.
  package var htmlFragment: String {
    var html = "<pre class=\"tabshell\">"
    for row in 0..<rows {
      var cells = painted(row: row)
      while let last = cells.last, last.text == " ", Self.isPlain(last) { cells.removeLast() }
      var index = 0
      while index < cells.count {
        let first = cells[index]
        var end = index + 1
        while end < cells.count, Self.sameLook(cells[end], first) { end += 1 }
        var text = ""
        for cell in cells[index..<end] {
          let escaped = Self.escaped(cell.text)
          text += cell.width == 2 ? "<span class=\"w\">" + escaped + "</span>" : escaped
        }
        let style = Self.css(first)
        html += style.isEmpty ? text : "<span style=\"\(style)\">" + text + "</span>"
        index = end
      }
      html += row + 1 < rows ? "\n" : ""
    }
    return html + "</pre>"
  }

  private static func isPlain(_ cell: Painted) -> Bool {
    css(cell).isEmpty
  }

  private static func sameLook(_ cell: Painted, _ other: Painted) -> Bool {
    cell.color == other.color && cell.background == other.background
      && cell.attributes.subtracting([.reverse, .dim])
        == other.attributes.subtracting([
          .reverse, .dim,
        ])
  }

  /// The inline style of a run: what differs from the `pre`'s own.
  private static func css(_ cell: Painted) -> String {
    var parts: [String] = []
    if cell.color != PicturePalette.foreground {
      parts.append("color:" + PicturePalette.hex(cell.color))
    }
    if cell.background != PicturePalette.background {
      parts.append("background:" + PicturePalette.hex(cell.background))
    }
    if cell.attributes.contains(.bold) { parts.append("font-weight:bold") }
    if cell.attributes.contains(.italic) { parts.append("font-style:italic") }
    let lines =
      (cell.attributes.contains(.underline) ? ["underline"] : [])
      + (cell.attributes.contains(.strikethrough) ? ["line-through"] : [])
    if !lines.isEmpty { parts.append("text-decoration:" + lines.joined(separator: " ")) }
    return parts.joined(separator: ";")
  }
}
