extension Canvas {
  /// Cells of one style side by side, for a host that writes a canvas to a terminal itself: the
  /// column of the first, the text of them all (a wide character once, its right half adding
  /// nothing), and their style. A cell whose character is not one that stands alone at the width
  /// the canvas measures (a cluster, an emoji, a character written at another width:
  /// ``write(cluster:width:row:column:style:)``) is a run of its own, with its ``width``.
  @_spi(Host)
  public struct Run: Equatable, Sendable {
    /// The first cell's column.
    public var column: Int
    /// The cells' text.
    public var text: String
    /// Their colours and attributes.
    public var style: Style
    /// For a run of one cell whose character is to be written as it is, its columns (1 or 2);
    /// `nil` for text measured as the canvas measures it.
    public var width: Int?
  }

  /// The runs of a row, left to right, leaving out the blanks in the plain style
  /// (the region's background shows there). One pass over the row, inside the core, where a cell
  /// costs no more than its fields: a host reading the cells one by one pays for each access.
  @_spi(Host)
  public func runs(inRow row: Int) -> [Run] {
    guard rows.indices.contains(row) else { return [] }
    var runs: [Run] = []
    // The run under way: its first column, its style and its text's bytes (one String a run).
    var start: Int?
    var style = Style.plain
    var bytes: [UInt8] = []
    func finish() {
      if let column = start {
        runs.append(
          Run(column: column, text: String(decoding: bytes, as: UTF8.self), style: style))
      }
      start = nil
      bytes.removeAll(keepingCapacity: true)
    }
    rows[row].withUnsafeBufferPointer { cells in
      for column in cells.indices {
        // Most cells of a page of text are blanks: looked at in place, never copied (the style
        // first: a coloured page's cells are told apart without comparing text).
        if cells[column].style.isPlain, cells[column].text == " " {
          finish()
          continue
        }
        let cell = cells[column]
        if cell.text.isEmpty { continue }  // the right half of a wide character
        let footprint = column + 1 < cells.count && cells[column + 1].text.isEmpty ? 2 : 1
        if !Self.standsAlone(cell.text, width: footprint) {
          finish()
          runs.append(Run(column: column, text: cell.text, style: cell.style, width: footprint))
          continue
        }
        if start != nil, style != cell.style { finish() }
        if start == nil {
          start = column
          style = cell.style
        }
        bytes.append(contentsOf: cell.text.utf8)
      }
    }
    finish()
    return runs
  }

  /// Whether a cell's text is one scalar that stands alone and is as wide as the cell: then it
  /// can go in a run, measured again.
  private static func standsAlone(_ text: String, width: Int) -> Bool {
    let utf8 = text.utf8
    if utf8.count == 1 { return width == 1 }
    let scalars = text.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
      TabShellKit.standsAlone(scalar)
    else { return false }
    return displayWidth(ofScalar: scalar) == width
  }
}
