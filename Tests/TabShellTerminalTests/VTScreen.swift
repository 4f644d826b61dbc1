@_spi(Host) import TabShellKit
import TabShellTerminal

/// A tiny terminal emulator that applies a frame's bytes to a screen model, as xterm would: CUP,
/// CHA, CUF, CUB, CUU, CUD, CR, EL, ED, SGR, the DEC private modes, and text by display width with
/// the pending wrap of the last column. What it does not know, and any write that would wrap or
/// scroll, is recorded in ``problems``: the frame writer must never need them.
///
/// Text is split into grapheme clusters as Swift splits it, so a test's characters must not join
/// the characters next to them (regional indicators alone, skin-tone modifiers, prepended marks).
struct VTScreen {
  let columns: Int
  let rows: Int
  var cells: [[CellGrid.Cell]]
  var row = 0
  var column = 0
  var pendingWrap = false
  var pen = CellStyle.plain
  var isCursorVisible = true
  var modes: [Int: Bool] = [:]
  var problems: [String] = []

  static let blank = CellGrid.Cell(text: " ", width: 1)

  init(columns: Int, rows: Int, filler: String? = nil) {
    self.columns = columns
    self.rows = rows
    let cell = filler.map { CellGrid.Cell(text: $0, width: 1, style: CellStyle(attributes: .dim)) }
    cells = Array(repeating: Array(repeating: cell ?? Self.blank, count: columns), count: rows)
  }

  /// The first difference between the screen's top rows and a grid (whose styles are mapped by
  /// `style` first), or `nil`.
  func matches(_ grid: CellGrid, style: (CellStyle) -> CellStyle = { $0 }) -> String? {
    for r in 0..<min(rows, grid.rows) {
      for c in 0..<min(columns, grid.columns) {
        var expected = grid[c, r]
        expected.style = style(expected.style)
        if cells[r][c] != expected {
          return "column \(c), row \(r): screen has \(cells[r][c]), grid has \(expected)"
        }
      }
    }
    return nil
  }

  mutating func apply(_ bytes: [UInt8]) {
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty { write(String(decoding: text, as: UTF8.self)) }
      text.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        flushText()
        index = escape(bytes, at: index)
      case 0x0D:
        flushText()
        column = 0
        pendingWrap = false
        index += 1
      case 0x08:
        flushText()
        column = max(0, column - (pendingWrap ? 0 : 1))
        pendingWrap = false
        index += 1
      case 0x00..<0x20, 0x7F:
        flushText()
        problems.append("control byte \(byte)")
        index += 1
      default:
        text.append(byte)
        index += 1
      }
    }
    flushText()
  }

  private mutating func write(_ text: String) {
    for character in text {
      let width = displayWidth(of: character)
      guard width > 0 else {
        problems.append("a character of width 0: \(character.unicodeScalars.map(\.value))")
        continue
      }
      if pendingWrap || column + width > columns {
        problems.append("a write that wraps at row \(row)")
        return
      }
      breakWide(at: column)
      if width == 2 { breakWide(at: column + 1) }
      cells[row][column] = CellGrid.Cell(text: String(character), width: width, style: pen)
      if width == 2 { cells[row][column + 1] = CellGrid.Cell(text: "", width: 0, style: pen) }
      column += width
      if column == columns {
        column = columns - 1
        pendingWrap = true
      }
    }
  }

  /// Before a cell is overwritten, xterm blanks the other half of a wide character it belongs to.
  private mutating func breakWide(at c: Int) {
    let cell = cells[row][c]
    if cell.width == 0, c > 0 { cells[row][c - 1] = blank(cells[row][c - 1].style) }
    if cell.width == 2, c + 1 < columns { cells[row][c + 1] = blank(cells[row][c + 1].style) }
  }

  private func blank(_ style: CellStyle) -> CellGrid.Cell {
    CellGrid.Cell(text: " ", width: 1, style: style)
  }

  /// Applies the sequence at `start` (an ESC); returns the index after it.
  private mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
    guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else {
      problems.append("an escape that is not CSI")
      return start + 1
    }
    var index = start + 2
    var parameters = ""
    while index < bytes.count, (0x20...0x3F).contains(bytes[index]) {
      parameters.append(Character(Unicode.Scalar(bytes[index])))
      index += 1
    }
    guard index < bytes.count else {
      problems.append("a cut sequence")
      return index
    }
    control(parameters, final: Character(Unicode.Scalar(bytes[index])))
    return index + 1
  }

  private mutating func control(_ parameters: String, final: Character) {
    if parameters.hasPrefix("?") {
      guard let mode = Int(parameters.dropFirst()), final == "h" || final == "l" else {
        problems.append("private sequence ?\(parameters)\(final)")
        return
      }
      modes[mode] = final == "h"
      if mode == 25 { isCursorVisible = final == "h" }
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    func number(_ index: Int, default value: Int = 1) -> Int {
      index < numbers.count ? numbers[index] ?? value : value
    }
    switch final {
    case "H": moveTo(row: number(0) - 1, column: number(1) - 1)
    case "G": moveTo(row: row, column: number(0) - 1)
    case "C": moveTo(row: row, column: column + number(0))
    case "D": moveTo(row: row, column: column - number(0))
    case "A": moveTo(row: row - number(0), column: column)
    case "B": moveTo(row: row + number(0), column: column)
    case "K":
      guard number(0, default: 0) == 0 else { return problems.append("EL \(parameters)") }
      breakWide(at: column)
      for c in column..<columns { cells[row][c] = blank(CellStyle(background: pen.background)) }
      pendingWrap = false
    case "J":
      guard number(0, default: 0) == 2 else { return problems.append("ED \(parameters)") }
      cells = Array(
        repeating: Array(repeating: blank(CellStyle(background: pen.background)), count: columns),
        count: rows)
    case "X":
      // ECH: the cells from the cursor on, a wide character cut at either end blanked whole.
      let end = min(columns, column + max(1, number(0)))
      breakWide(at: column)
      if end < columns, cells[row][end].width == 0 {
        cells[row][end] = blank(cells[row][end].style)
      }
      for c in column..<end { cells[row][c] = blank(CellStyle(background: pen.background)) }
      pendingWrap = false
    case "P": shiftRow(by: -number(0))
    case "@": shiftRow(by: number(0))
    case "m": selectGraphicRendition(parameters)
    default: problems.append("CSI \(parameters)\(final)")
    }
  }

  /// DCH (a negative `count`: cells from the cursor move left, blanks in the pen's background come
  /// in at the right) and ICH (cells from the cursor move right, blanks come in at the cursor).
  /// Terminals differ on a wide character cut in two: it becomes "?" here, which the writer must
  /// overwrite.
  private mutating func shiftRow(by count: Int) {
    let blankCell = blank(CellStyle(background: pen.background))
    var line = cells[row]
    let moved = Array(line[column...])
    for index in column..<columns {
      let source = index - column - count
      line[index] = source >= 0 && source < moved.count ? moved[source] : blankCell
    }
    for index in 0..<columns {
      let orphan =
        (line[index].width == 0 && (index == 0 || line[index - 1].width != 2))
        || (line[index].width == 2 && (index + 1 == columns || line[index + 1].width != 0))
      if orphan { line[index] = CellGrid.Cell(text: "?", width: 1) }
    }
    cells[row] = line
    pendingWrap = false
  }

  private mutating func moveTo(row newRow: Int, column newColumn: Int) {
    row = min(max(0, newRow), rows - 1)
    column = min(max(0, newColumn), columns - 1)
    pendingWrap = false
  }
}
