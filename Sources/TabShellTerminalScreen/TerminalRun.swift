import CVTerm
import TabShellKit

/// A run of a terminal row's cells that ``TerminalScreen`` draws with one write: cells side by
/// side of one width, each printable ASCII or blank, all of one style (the same style index). A
/// write a cell cost about a thousand instructions (a string made for it, the canvas's checks); a
/// frame of text is mostly such runs.
struct TerminalRun {
  /// The run's characters, a blank as a space.
  private var bytes: [UInt8] = []
  /// The run's first column.
  private var start = 0
  /// The style index of the run's cells.
  private var style: UInt32 = 0

  /// The character a run holds for a cell of width `width` (a blank as a space), or `nil` for a
  /// cell no run takes.
  @inline(__always)
  static func character(of cell: TabShellCell, width: Int) -> UInt8? {
    guard width == 1 else { return nil }
    switch cell.glyph {
    case 0: return 0x20
    case 0x20...0x7E: return UInt8(cell.glyph)
    default: return nil
    }
  }

  /// Whether a cell at `column` goes on from the run (of its style, in the next column); an empty
  /// run goes on with any.
  func goesOn(with cell: TabShellCell, column: Int) -> Bool {
    bytes.isEmpty || (column == start + bytes.count && cell.style == style)
  }

  /// Adds a cell's character at `column` (after ``goesOn(with:column:)``).
  mutating func append(_ character: UInt8, of cell: TabShellCell, column: Int) {
    if bytes.isEmpty {
      start = column
      style = cell.style
    }
    bytes.append(character)
  }

  /// Writes the run to a row of `canvas` in the style `style` gives its style index, and empties
  /// it: blanks at its ends are left out when that style is plain (the canvas's blank).
  mutating func flush(row: Int, in canvas: inout Canvas, style: (UInt32) -> Canvas.Style) {
    defer { bytes.removeAll(keepingCapacity: true) }
    guard !bytes.isEmpty else { return }
    let runStyle = style(self.style)
    var lower = 0
    var upper = bytes.count
    if runStyle.isPlain {
      while lower < upper, bytes[lower] == 0x20 { lower += 1 }
      while upper > lower, bytes[upper - 1] == 0x20 { upper -= 1 }
      guard lower < upper else { return }
    }
    let text = String(decoding: bytes[lower..<upper], as: UTF8.self)
    canvas.write(text, row: row, column: start + lower, style: runStyle)
  }
}
