/// A style as a grid stores it in each cell, worked out once for many cells
/// (``CellGrid/writeRow(_:columns:_:)``).
package struct StoredStyle: Sendable, Equatable {
  fileprivate let blank: StoredCell

  /// The stored form of `style`.
  package init(_ style: CellStyle) {
    blank = StoredCell(blankIn: style)
  }

  /// The plain style's: a blank in it is what ``CellGrid/writeRow(_:columns:_:)`` leaves.
  package static let plain = StoredStyle(.plain)

  /// Written out, not synthesized: a terminal tab's drawing compares styles at each frame, and
  /// called a synthesized one through the protocol.
  package static func == (a: StoredStyle, b: StoredStyle) -> Bool { a.blank == b.blank }
}

/// The cells of one row of a grid between two columns, as ``CellGrid/writeRow(_:columns:_:)``
/// hands them to be written one by one: a character of one column (printable ASCII, or a space
/// for a blank) a call, with no check but the bounds. Whatever is wider or longer goes through
/// ``CellGrid/write(cluster:width:column:row:style:clip:)`` after.
package struct RowCells: ~Copyable {
  fileprivate let cells: UnsafeMutableBufferPointer<StoredCell>
  fileprivate let base: Int
  fileprivate let range: Range<Int>

  /// Puts a printable ASCII character (0x20–0x7E) in `style` at `column`; nothing outside the
  /// row's columns (as a write clips) or for another byte.
  @inline(__always)
  package func put(ascii byte: UInt8, style: StoredStyle, column: Int) {
    guard range.contains(column), byte >= 0x20, byte < 0x7F else { return }
    var cell = style.blank
    cell.glyph = UInt32(byte)
    cells[base + column] = cell
  }
}

extension CellGrid {
  /// Blanks the cells of `row` in `columns` (as ``fill(row:columns:style:)``), then hands them
  /// to `body` to be written: a terminal screen writes its row straight into the frame's grid, a
  /// cell in a few instructions, where a write a run of them builds a string and measures it.
  /// A row or range outside the grid writes nothing.
  package mutating func writeRow(
    _ row: Int, columns range: Range<Int>, _ body: (borrowing RowCells) -> Void
  ) {
    let bounds = range.clamped(to: 0..<columns)
    guard row >= 0, row < rows, !bounds.isEmpty else { return }
    fill(row: row, columns: bounds, blank: StoredStyle.plain.blank)
    let base = row * columns
    cells.withUnsafeMutableBufferPointer { cells in
      body(RowCells(cells: cells, base: base, range: bounds))
    }
  }
}
