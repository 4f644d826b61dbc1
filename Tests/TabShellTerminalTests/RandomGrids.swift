import TabShellTerminal
import TestSupport

/// Random grids for property tests: text of every width at random places (partly off the edges),
/// styled blanks, pages drawn over pages.
enum RandomGrids {
  /// Characters that do not join their neighbours into one grapheme (see ``VTScreen``).
  static let characters: [String] = [
    "a", "b", "x", " ", "-", "é", "ß", "Ω", "中", "文", "字", "好", "ア", "한", "😀", "🎉", "🇫🇷",
    "👨‍👩‍👧", "1️⃣", "e\u{301}", "❤️",
  ]

  static let styles: [CellStyle] = [
    .plain, CellStyle(attributes: .bold), CellStyle(foreground: .palette(1)),
    CellStyle(foreground: .palette(12), attributes: [.underline, .bold]),
    CellStyle(background: .palette(200)), CellStyle(foreground: .rgb(0, 122, 255)),
    CellStyle(foreground: .rgb(10, 20, 30), background: .rgb(250, 240, 230), attributes: .italic),
    CellStyle(attributes: [.reverse, .dim]),
    CellStyle(foreground: .palette(9), background: .palette(244), attributes: [.strikethrough]),
  ]

  /// Those of ``characters`` whose display width terminals agree on (wcwidth's, and so pyte's): no
  /// flags, ZWJ sequences nor emoji made wide by VS16, which terminals draw differently.
  static let settledCharacters: [String] = [
    "a", "b", "x", " ", "-", "é", "ß", "Ω", "中", "文", "字", "好", "ア", "한", "😀", "🎉", "e\u{301}",
  ]

  static func text(
    _ generator: inout SplitMix64, maximum: Int, from characters: [String] = characters
  ) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 1...maximum, using: &generator) {
      text += characters.randomElement(using: &generator) ?? "a"
    }
    return text
  }

  /// Applies `count` random writes and fills to `grid`.
  static func scribble(
    on grid: inout CellGrid, count: Int, _ generator: inout SplitMix64,
    from characters: [String] = characters
  ) {
    for _ in 0..<count {
      let row = Int.random(in: 0..<max(1, grid.rows), using: &generator)
      let column = Int.random(in: -3...(grid.columns + 1), using: &generator)
      let style = styles.randomElement(using: &generator) ?? .plain
      switch Int.random(in: 0..<10, using: &generator) {
      case 0:
        let width = Int.random(in: 0...grid.columns, using: &generator)
        grid.fill(row: row, columns: column..<(column + width), style: style)
      case 1:
        var page = CellGrid(columns: max(1, grid.columns / 2), rows: 2)
        page.write(
          text(&generator, maximum: 12, from: characters), column: 0, row: 1, style: style)
        grid.draw(page, column: column, row: row - 1)
      default:
        let clip = Bool.random(using: &generator) ? nil : (column + 1)..<(column + 5)
        grid.write(
          text(&generator, maximum: 10, from: characters), column: column, row: row, style: style,
          clip: clip)
      }
    }
  }

  static func grid(
    columns: Int, rows: Int, _ generator: inout SplitMix64, from characters: [String] = characters
  ) -> CellGrid {
    var grid = CellGrid(columns: columns, rows: rows)
    scribble(on: &grid, count: rows * 3, &generator, from: characters)
    return grid
  }
}
