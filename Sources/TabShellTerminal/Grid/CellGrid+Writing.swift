@_spi(Host) import TabShellKit
import TabShellRendering

extension CellGrid {
  /// Writes text on a row from `column`, cell by cell, by display width, and returns the column
  /// after it (or where it stopped at the edge).
  ///
  /// Control characters become blanks; characters of width 0 on their own are dropped. Cells
  /// outside `clip` (by default the whole row) are left alone: text starting left of it (a
  /// negative column, for a page sliding out) shows only its visible part, and a wide character cut
  /// by either edge of the clip shows as a blank. A row outside the grid writes nothing.
  @discardableResult
  package mutating func write(
    _ text: String, column: Int, row: Int, style: CellStyle = .plain, clip: Range<Int>? = nil
  ) -> Int {
    let bounds = clipped(clip)
    guard row >= 0, row < rows, !bounds.isEmpty else { return column }
    let stored = StoredCell(blankIn: style)
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return writeASCII(text.utf8, column: column, row: row, cell: stored, clip: bounds)
    }
    if text.unicodeScalars.allSatisfy(standsAlone) {
      return writeScalars(text.unicodeScalars, column: column, row: row, cell: stored, clip: bounds)
    }
    var position = column
    for character in Renderer.sanitized(text) {
      guard position < bounds.upperBound else { break }
      let width = displayWidth(of: character)
      guard width > 0 else { continue }
      var cell = stored
      cell.glyph = glyph(for: character)
      cell.width = UInt8(min(width, 2))
      position = place(cell, at: position, row: row, clip: bounds)
    }
    return position
  }

  /// Writes one character (a cluster) into a cell of `width` columns (1 or 2) at `column`, as it
  /// is, whatever width it measures (a terminal emulator's cell: ``TabShellKit/Canvas/
  /// write(cluster:width:row:column:style:)``); a cell cut by the clip is a blank.
  package mutating func write(
    cluster: String, width: Int, column: Int, row: Int, style: CellStyle = .plain,
    clip: Range<Int>? = nil
  ) {
    let bounds = clipped(clip)
    guard row >= 0, row < rows, !bounds.isEmpty, width == 1 || width == 2 else { return }
    let scalars = Renderer.sanitized(cluster).unicodeScalars
    guard let first = scalars.first else { return }
    var cell = StoredCell(blankIn: style)
    cell.glyph =
      scalars.index(after: scalars.startIndex) == scalars.endIndex
      ? first.value : intern(String(scalars))
    cell.width = UInt8(width)
    _ = place(cell, at: column, row: row, clip: bounds)
  }

  /// Draws a renderer's line on a row from `column` (see ``write(_:column:row:style:clip:)``);
  /// returns the column after it.
  @discardableResult
  package mutating func draw(
    _ line: StyledLine, column: Int = 0, row: Int, clip: Range<Int>? = nil
  ) -> Int {
    var position = column
    for run in line.runs {
      position = write(
        run.text, column: position, row: row, style: CellStyle(run.style), clip: clip)
    }
    return position
  }

  /// Makes the cells of a row in `range` blanks in `style` (clipped to the grid).
  package mutating func fill(row: Int, columns range: Range<Int>, style: CellStyle = .plain) {
    fill(row: row, columns: range, blank: StoredCell(blankIn: style))
  }

  /// ``fill(row:columns:style:)`` with the blank as the grid stores it (a plain one made once:
  /// each row a terminal tab draws is filled first, and the style's resilient attributes were
  /// read through the core each time).
  mutating func fill(row: Int, columns range: Range<Int>, blank: StoredCell) {
    let bounds = clipped(range)
    guard row >= 0, row < rows, !bounds.isEmpty else { return }
    breakWideCharacters(row: row, first: bounds.lowerBound, last: bounds.upperBound - 1)
    // At once, not a cell at a time through the checked array (a terminal's row each echo).
    let start = row * columns
    cells.withUnsafeMutableBufferPointer { cells in
      guard let base = cells.baseAddress else { return }
      (base + start + bounds.lowerBound).update(repeating: blank, count: bounds.count)
    }
  }

  /// Copies another grid onto this one with its top-left cell at (`column`, `row`), clipped to
  /// this grid and to `clip` columns. A wide character cut by an edge shows as a blank.
  package mutating func draw(_ source: CellGrid, column: Int, row: Int, clip: Range<Int>? = nil) {
    let bounds = clipped(clip)
    let first = max(column, bounds.lowerBound)
    let last = min(column + source.columns, bounds.upperBound)
    guard first < last else { return }
    // The source's clusters, as glyphs of this grid.
    let clusterGlyphs = source.clusters.map { intern($0) }
    let columns = columns
    for sourceRow in 0..<source.rows {
      let target = row + sourceRow
      guard target >= 0, target < rows else { continue }
      breakWideCharacters(row: target, first: first, last: last - 1)
      let base = target * columns
      let sourceBase = sourceRow * source.columns - column
      source.cells.withUnsafeBufferPointer { sourceCells in
        cells.withUnsafeMutableBufferPointer { cells in
          for position in first..<last {
            var cell = sourceCells[sourceBase + position]
            if cell.isCluster {
              let index = Int(cell.glyph & ~StoredCell.clusterFlag)
              cell.glyph = index < clusterGlyphs.count ? clusterGlyphs[index] : 0x20
            }
            cells[base + position] = cell
          }
          // A wide character cut by either edge shows as a blank.
          if cells[base + first].width == 0 {
            cells[base + first] = StoredCell(blankIn: cells[base + first].style)
          }
          if cells[base + last - 1].width == 2 {
            cells[base + last - 1] = StoredCell(blankIn: cells[base + last - 1].style)
          }
        }
      }
    }
  }

  /// Writes text whose scalars all stand alone (``TabShellKit/standsAlone(_:)``): one character a
  /// scalar.
  private mutating func writeScalars(
    _ text: String.UnicodeScalarView, column: Int, row: Int, cell: StoredCell, clip: Range<Int>
  ) -> Int {
    var position = column
    var last: (scalar: Unicode.Scalar, width: Int)?
    for scalar in text {
      guard position < clip.upperBound else { break }
      // A fill repeats its scalar: measured once.
      let width = last?.scalar == scalar ? last?.width ?? 1 : displayWidth(ofScalar: scalar)
      last = (scalar, width)
      guard width > 0 else { continue }
      var stored = cell
      stored.glyph = scalar.value
      stored.width = UInt8(min(width, 2))
      position = place(stored, at: position, row: row, clip: clip)
    }
    return position
  }

  /// Writes printable ASCII: one cell a byte, the visible ones in one pass.
  private mutating func writeASCII(
    _ text: String.UTF8View, column: Int, row: Int, cell: StoredCell, clip: Range<Int>
  ) -> Int {
    let end = column + text.count
    let first = max(column, clip.lowerBound)
    let last = min(end, clip.upperBound)
    guard first < last else {
      return column >= clip.upperBound ? column : min(end, clip.upperBound)
    }
    breakWideCharacters(row: row, first: first, last: last - 1)
    let base = row * columns
    cells.withUnsafeMutableBufferPointer { cells in
      var position = column
      var stored = cell
      for byte in text {
        if position >= last { break }
        if position >= first {
          stored.glyph = UInt32(byte)
          cells[base + position] = stored
        }
        position += 1
      }
    }
    return min(end, clip.upperBound)
  }

  /// `range` within the grid's columns (all of them for `nil`).
  private func clipped(_ range: Range<Int>?) -> Range<Int> {
    guard let range else { return 0..<columns }
    return range.clamped(to: 0..<columns)
  }

  /// Puts one character (a cell of width 1 or 2) at `column`, as much of it as `clip` shows;
  /// returns the column after it.
  private mutating func place(_ cell: StoredCell, at column: Int, row: Int, clip: Range<Int>)
    -> Int
  {
    let width = Int(cell.width)
    let end = column + width
    guard end > clip.lowerBound, column < clip.upperBound else { return end }
    if column < clip.lowerBound || end > clip.upperBound {
      // Cut by an edge of the clip: the visible half is a blank.
      let visible = max(column, clip.lowerBound)
      breakWideCharacters(row: row, first: visible, last: visible)
      cells[row * columns + visible] = StoredCell(blankIn: cell.style)
      return end
    }
    breakWideCharacters(row: row, first: column, last: end - 1)
    let index = row * columns + column
    cells[index] = cell
    if width == 2 {
      var right = cell
      right.width = 0
      right.glyph = 0
      cells[index + 1] = right
    }
    return end
  }

  /// Before cells `first...last` of a row are overwritten: a wide character of which only one half
  /// would be overwritten leaves a blank in its other half.
  private mutating func breakWideCharacters(row: Int, first: Int, last: Int) {
    let start = row * columns
    if cells[start + first].width == 0, first > 0 {
      cells[start + first - 1] = StoredCell(blankIn: cells[start + first - 1].style)
    }
    if cells[start + last].width == 2, last + 1 < columns {
      cells[start + last + 1] = StoredCell(blankIn: cells[start + last + 1].style)
    }
  }
}
