import CVTerm
import TabShellKit

/// A run of a terminal row's cells that ``TerminalScreen`` draws with one write: cells side by
/// side of one width, each printable ASCII or blank, all of one style (the same attributes drawn and the
/// same colours). A write a cell cost about a thousand instructions (a string
/// made for it, the canvas's checks); a frame of text is mostly such runs.
struct TerminalRun {
  /// The run's characters, a blank as a space.
  private var bytes: [UInt8] = []
  /// The run's first column.
  private var start = 0
  /// The run's first cell, whose style is the run's.
  private var first = VTermScreenCell()

  /// The character a run holds for a cell (a blank as a space), or `nil` for a cell no run takes.
  static func character(of cell: VTermScreenCell) -> UInt8? {
    guard cell.width == 1 else { return nil }
    switch cell.chars.0 {
    case 0: return 0x20
    case 0x20...0x7E where cell.chars.1 == 0: return UInt8(cell.chars.0)
    default: return nil
    }
  }

  /// Whether a cell at `column` goes on from the run (of its style, in the next column); an empty
  /// run goes on with any.
  func goesOn(with cell: VTermScreenCell, column: Int) -> Bool {
    bytes.isEmpty || (column == start + bytes.count && Self.sameStyle(cell, first))
  }

  /// Adds a cell's character at `column` (after ``goesOn(with:column:)``).
  mutating func append(_ character: UInt8, of cell: VTermScreenCell, column: Int) {
    if bytes.isEmpty {
      start = column
      first = cell
    }
    bytes.append(character)
  }

  /// Writes the run to a row of `canvas` in the style `style` gives its first cell, and empties it:
  /// blanks at its ends are left out when that style is plain (the canvas's blank).
  mutating func flush(
    row: Int, in canvas: inout Canvas, style: (VTermScreenCell) -> Canvas.Style
  ) {
    defer { bytes.removeAll(keepingCapacity: true) }
    guard !bytes.isEmpty else { return }
    let runStyle = style(first)
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

  /// Whether two cells are drawn in the same style: the same attributes that ``TerminalScreen``
  /// draws and the same colours. Compared field by field: the bits a bit field or a colour leaves
  /// unused need not be the same in two copies of a cell.
  private static func sameStyle(_ one: VTermScreenCell, _ other: VTermScreenCell) -> Bool {
    let a = one.attrs
    let b = other.attrs
    return a.bold == b.bold && a.italic == b.italic && a.underline == b.underline
      && a.reverse == b.reverse && a.strike == b.strike && sameColour(one.fg, other.fg)
      && sameColour(one.bg, other.bg)
  }

  private static func sameColour(_ one: VTermColor, _ other: VTermColor) -> Bool {
    var one = one
    guard one.type == other.type else { return false }
    if tabshell_vterm_color_is_indexed(&one) != 0 { return one.indexed.idx == other.indexed.idx }
    return one.rgb.red == other.rgb.red && one.rgb.green == other.rgb.green
      && one.rgb.blue == other.rgb.blue
  }
}
