extension Canvas {
  /// Writes text word-wrapped over rows, starting at `row`, each line centred or from column 0;
  /// a word wider than the canvas is broken. Returns the number of rows used (including those
  /// that fell below the region and were dropped).
  @discardableResult
  public mutating func writeWrapped(_ text: String, row: Int, centered: Bool = false, style: Style)
    -> Int
  {
    let lines = Canvas.wrap(text, width: width)
    for (offset, line) in lines.enumerated() {
      if centered {
        writeCentered(line, row: row + offset, style: style)
      } else {
        write(line, row: row + offset, style: style)
      }
    }
    return lines.count
  }

  /// Writes text word-wrapped in a colour, maybe bold: as ``writeWrapped(_:row:centered:style:)``.
  @discardableResult
  public mutating func writeWrapped(
    _ text: String, row: Int, centered: Bool = false, color: BarColor? = nil, bold: Bool = false
  ) -> Int {
    writeWrapped(text, row: row, centered: centered, style: Style(color: color, bold: bold))
  }

  /// Splits text into lines of at most `width` columns, at blanks where it can; newlines end lines.
  /// Other control characters (tabs, escapes) are blanks, as ``write(_:row:column:style:)``
  /// shows them, so that each line is measured as it is drawn.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let paragraph = blankingControls(String(paragraph))
      var current = ""
      var used = 0
      for word in paragraph.split(separator: " ") {
        var word = Substring(word)
        while !word.isEmpty {
          let w = displayWidth(of: word)
          let gap = current.isEmpty ? 0 : 1
          if used + gap + w <= width {
            if gap == 1 { current.append(" ") }
            current += word
            used += gap + w
            break
          }
          if !current.isEmpty {
            lines.append(current)
            current = ""
            used = 0
            continue
          }
          // A word wider than a whole line: break it.
          var piece = ""
          var pieceWidth = 0
          var index = word.startIndex
          while index < word.endIndex {
            let cw = displayWidth(of: word[index])
            if pieceWidth + cw > width, !piece.isEmpty { break }
            piece.append(word[index])
            pieceWidth += cw
            index = word.index(after: index)
          }
          lines.append(piece)
          word = word[index...]
        }
      }
      lines.append(current)
    }
    while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}
