/// The whole terminal screen as cells: `columns` × `rows`, each holding a grapheme, its display
/// width and a style.
///
/// The full-screen loop builds one grid per frame (``clear(style:)`` and redraw, or keep the last
/// one and change what changed), hands it with the previous frame's grid to ``FrameWriter``, and
/// keeps it as the next frame's previous. Coordinates are 0-based here (column 0, row 0 is the
/// top-left cell); mouse reports are 1-based (``MouseEvent``).
///
/// A wide character (CJK, most emoji) takes two cells: its own and a continuation cell to its
/// right, of width 0. No write ever leaves half of one: a wide character that would straddle the
/// right edge (or the edge of a clip range) is replaced by a blank, and one whose half is
/// overwritten becomes a blank in its other half too.
///
/// The cells live in one flat array of small values; characters of one Unicode scalar (ASCII,
/// CJK, most emoji) are stored inline, and longer grapheme clusters (flags, ZWJ sequences,
/// combining marks) once each in a side table.
package struct CellGrid: Sendable {
  /// Columns.
  package let columns: Int
  /// Rows.
  package let rows: Int
  /// The cells, row by row.
  var cells: [StoredCell]
  /// The grapheme clusters of more than one scalar, indexed by ``StoredCell/glyph`` without its
  /// flag bit.
  var clusters: [String] = [] {
    didSet { clusterCount = clusters.count }
  }
  /// How many grapheme clusters the grid keeps in its side table: those written since it was
  /// made or cleared, whether its cells still show them or not. Stored: the full-screen mode's
  /// read of it as a computed property (of the view's kept base, twice a frame) took a copy of
  /// the grid first, its three arrays retained and released.
  package private(set) var clusterCount = 0
  private var clusterIndex: [String: UInt32] = [:]

  /// A grid of blank cells in `style` (sizes below 0 count as 0).
  package init(columns: Int, rows: Int, style: CellStyle = .plain) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: StoredCell(blankIn: style), count: self.columns * self.rows)
  }

  /// One cell as the caller sees it.
  package struct Cell: Hashable, Sendable {
    /// The grapheme: one character, or empty for the right half of a wide character.
    package var text: String
    /// The display width: 1, 2 (a wide character), or 0 (the right half of one).
    package var width: Int
    /// The style.
    package var style: CellStyle

    /// Makes a cell.
    package init(text: String, width: Int, style: CellStyle = .plain) {
      self.text = text
      self.width = width
      self.style = style
    }
  }

  /// The cell at a position; a blank for a position outside the grid.
  package subscript(column: Int, row: Int) -> Cell {
    guard contains(column: column, row: row) else { return Cell(text: " ", width: 1) }
    let cell = cells[row * columns + column]
    return Cell(text: text(of: cell), width: Int(cell.width), style: cell.style)
  }

  /// Whether `other` holds the same cells: the same size, characters and styles. It may say `false`
  /// for grids that look alike (the same cluster stored under another index), never `true` for
  /// grids that do not.
  package func hasSameCells(as other: CellGrid) -> Bool {
    columns == other.columns && rows == other.rows && clusters == other.clusters
      && cells == other.cells
  }

  /// Whether a position is inside the grid.
  package func contains(column: Int, row: Int) -> Bool {
    column >= 0 && column < columns && row >= 0 && row < rows
  }

  /// The text of each row: every grapheme in order (a wide character once), without trailing
  /// blanks.
  package var lines: [String] {
    (0..<rows).map { row in
      var line = ""
      for cell in cells[(row * columns)..<((row + 1) * columns)] where cell.width > 0 {
        line += text(of: cell)
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// Makes every cell a blank in `style`, keeping the size.
  package mutating func clear(style: CellStyle = .plain) {
    let blank = StoredCell(blankIn: style)
    cells.withUnsafeMutableBufferPointer { $0.update(repeating: blank) }
    clusters.removeAll(keepingCapacity: true)
    clusterIndex.removeAll(keepingCapacity: true)
  }

  /// The grapheme of a stored cell.
  func text(of cell: StoredCell) -> String {
    if cell.width == 0 { return "" }
    if cell.glyph & StoredCell.clusterFlag != 0 {
      let index = Int(cell.glyph & ~StoredCell.clusterFlag)
      return index < clusters.count ? clusters[index] : " "
    }
    return Unicode.Scalar(cell.glyph).map { String(Character($0)) } ?? " "
  }

  /// The glyph that stores `character`: its scalar, or its index in the side table.
  mutating func glyph(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      return first.value
    }
    return intern(String(character))
  }

  /// The glyph of a grapheme cluster of several scalars: its index in the side table.
  mutating func intern(_ text: String) -> UInt32 {
    if let index = clusterIndex[text] { return index | StoredCell.clusterFlag }
    let index = UInt32(clusters.count)
    clusters.append(text)
    clusterIndex[text] = index
    return index | StoredCell.clusterFlag
  }

  /// A description of the first broken invariant, or `nil`: every continuation cell follows a wide
  /// cell, every wide cell has its continuation, no wide cell in the last column, widths are 0–2,
  /// cluster indices are valid.
  package var invariantViolation: String? {
    for row in 0..<rows {
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        let place = "column \(column), row \(row)"
        switch cell.width {
        case 0:
          if column == 0 || cells[row * columns + column - 1].width != 2 {
            return "\(place): a continuation cell without a wide character before it"
          }
        case 1: break
        case 2:
          if column + 1 >= columns || cells[row * columns + column + 1].width != 0 {
            return "\(place): a wide character without its continuation cell"
          }
        default: return "\(place): width \(cell.width)"
        }
        if cell.glyph & StoredCell.clusterFlag != 0,
          Int(cell.glyph & ~StoredCell.clusterFlag) >= clusters.count
        {
          return "\(place): a cluster index out of range"
        }
      }
    }
    return nil
  }
}

/// One cell as stored: 20 bytes, no reference.
struct StoredCell: Equatable, Sendable {
  /// The flag of a glyph that indexes ``CellGrid/clusters``.
  static let clusterFlag: UInt32 = 0x8000_0000

  /// A Unicode scalar value, or ``clusterFlag`` | an index into the grid's clusters.
  var glyph: UInt32
  /// The packed foreground colour.
  var foreground: UInt32
  /// The packed background colour.
  var background: UInt32
  /// 1, 2, or 0 for the right half of a wide character.
  var width: UInt8
  /// ``CellAttributes`` bits.
  var attributes: UInt8
  /// The underline's shape (its SGR code, the low 3 bits) and the overline (bit 3).
  var lines: UInt8
  /// Always 0. With it a cell is 20 bytes of fields and no padding, so that the frame diff can
  /// compare whole rows as words.
  private var reserved: UInt8 = 0
  /// The packed underline colour.
  var underlineColor: UInt32

  init(glyph: UInt32, width: UInt8, style: CellStyle) {
    self.glyph = glyph
    self.width = width
    foreground = style.foreground.packed
    background = style.background.packed
    attributes = style.attributes.rawValue
    lines = style.underlineShape & 7 | (style.isOverlined ? 8 : 0)
    underlineColor = style.underlineColor.packed
  }

  /// A blank (a space) in a style.
  init(blankIn style: CellStyle) {
    self.init(glyph: 0x20, width: 1, style: style)
  }

  var style: CellStyle {
    var style = CellStyle(attributes: CellAttributes(rawValue: attributes))
    style.foreground.packed = foreground
    style.background.packed = background
    style.underlineShape = lines & 7
    style.isOverlined = lines & 8 != 0
    style.underlineColor.packed = underlineColor
    return style
  }

  /// Whether the glyph indexes the grid's clusters.
  var isCluster: Bool { glyph & Self.clusterFlag != 0 }

  /// Whether the cell has the same look as `other` apart from the glyph.
  func sameStyle(as other: StoredCell) -> Bool {
    foreground == other.foreground && background == other.background
      && attributes == other.attributes && lines == other.lines
      && underlineColor == other.underlineColor
  }
}

extension CellGrid {
  /// Makes `row` of this grid what it is in `source`, a grid of the same size (the whole row, so
  /// that no wide character is cut; nothing when it is outside the grid): the rest is left as it
  /// is. A grid kept from frame to frame takes only the rows that changed, where assigning the
  /// other grid would copy all of its cells at its next change. The row's clusters are this
  /// grid's own again. A row at a time, not a generic sequence of them: a caller in another
  /// module copying a row or two would be handed an unspecialised loop.
  package mutating func copyRow(_ row: Int, from source: CellGrid) {
    precondition(columns == source.columns && self.rows == source.rows, "grids of one size")
    guard row >= 0, row < self.rows else { return }
    let columns = columns
    let start = row * columns
    // A row with no cluster (most) is its cells' bytes: copied at once, not a cell at a time
    // through this grid's checked storage.
    let hasCluster =
      source.clusterCount > 0
      && source.cells.withUnsafeBufferPointer { from in
        from[start..<(start + columns)].contains { $0.isCluster }
      }
    if !hasCluster {
      source.cells.withUnsafeBufferPointer { from in
        cells.withUnsafeMutableBufferPointer { to in
          guard let target = to.baseAddress, let origin = from.baseAddress else { return }
          (target + start).update(from: origin + start, count: columns)
        }
      }
      return
    }
    // The row's clusters are interned here once each.
    var glyphs: [UInt32: UInt32] = [:]
    for column in 0..<columns {
      var cell = source.cells[start + column]
      if cell.isCluster {
        let index = Int(cell.glyph & ~StoredCell.clusterFlag)
        if let glyph = glyphs[cell.glyph] {
          cell.glyph = glyph
        } else {
          let glyph = index < source.clusters.count ? intern(source.clusters[index]) : 0x20
          glyphs[cell.glyph] = glyph
          cell.glyph = glyph
        }
      }
      cells[start + column] = cell
    }
  }
}
