@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import TestSupport
import Testing

/// A screen's canvas drawn straight into the grid (what the full-screen mode does) shows exactly
/// what the renderer's lines of it show (what `show` prints): same characters, widths and styles
/// in every cell, for random canvases of wide characters, clusters, marks, control characters,
/// colours and bold text written over each other, on a background or not, at any column.
@Suite struct CanvasDrawingTests {
  static let colors: [BarColor?] = [nil, .red, .blue, BarColor(red: 1, green: 2, blue: 3)]
  /// What screens write: ``RandomGrids/characters`` and control characters (C0, DEL, C1,
  /// bidirectional).
  static let characters =
    RandomGrids.characters + ["\u{1B}", "\n", "\t", "\r\n", "\u{7F}", "\u{85}", "\u{202E}"]

  @Test(arguments: 0..<200)
  func drawnStraightIsDrawnAsTheLines(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 17)
    var canvas = Canvas(
      width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...5, using: &random))
    canvas.background = Canvas.Color(Self.colors.randomElement(using: &random) ?? nil)
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      canvas.write(
        RandomGrids.text(&random, maximum: 8, from: Self.characters),
        row: Int.random(in: 0..<canvas.height, using: &random),
        column: Int.random(in: -2...canvas.width, using: &random),
        color: Self.colors.randomElement(using: &random) ?? nil, bold: Bool.random(using: &random))
    }
    let column = Int.random(in: -3...5, using: &random)
    var straight = CellGrid(columns: 32, rows: 6)
    straight.draw(canvas: canvas, column: column, row: 1)
    var lines = CellGrid(columns: 32, rows: 6)
    for (row, line) in Renderer.lines(of: canvas).enumerated() {
      let clip = max(0, column)..<max(0, column + canvas.width)
      lines.draw(line, column: column, row: row + 1, clip: clip)
    }
    for row in 0..<6 {
      for x in 0..<32 {
        #expect(
          straight[x, row] == lines[x, row], "seed \(seed), cell \(x), \(row): \(canvas.lines)")
      }
    }
    #expect(straight.invariantViolation == nil)
  }

  /// The core's runs leave out the plain blanks, keep a wide character once, and split where the
  /// style changes.
  @Test func runsOfARow() {
    var canvas = Canvas(width: 12, height: 1)
    canvas.write("ab", row: 0)
    canvas.write("首页", row: 0, column: 3, color: .red)
    canvas.write("x", row: 0, column: 7, color: .red, bold: true)
    let runs = canvas.runs(inRow: 0)
    let red = Canvas.Color(BarColor.red)
    #expect(runs.map(\.column) == [0, 3, 7])
    #expect(runs.map(\.text) == ["ab", "首页", "x"])
    #expect(runs.map(\.style.foreground) == [.terminal, red, red])
    #expect(runs.map(\.style.attributes) == [[], [], .bold])
    #expect(canvas.runs(inRow: 1).isEmpty)
  }

  @Test func theGridKeepsTheUnderlinesShapeAndColourAndTheOverline() {
    var style = Canvas.Style(foreground: .red, attributes: [.underline, .blink, .conceal])
    style.underlineStyle = .dashed
    style.underlineColor = .rgb(red: 1, green: 2, blue: 3)
    style.isOverlined = true
    var canvas = Canvas(width: 3, height: 1)
    canvas.write("ab", row: 0, style: style)
    var plain = style
    plain.attributes = .conceal
    canvas.write("c", row: 0, column: 2, style: plain)
    var grid = CellGrid(columns: 3, rows: 1)
    grid.draw(canvas: canvas, row: 0)
    var expected = CellStyle(
      foreground: .palette(1), attributes: [.underline, .blink, .conceal])
    expected.underlineShape = 5
    expected.underlineColor = .rgb(1, 2, 3)
    expected.isOverlined = true
    #expect(grid[0, 0].style == expected && grid[1, 0].style == expected)
    // Not underlined: no shape or colour of an underline.
    var concealed = CellStyle(foreground: .palette(1), attributes: .conceal)
    concealed.isOverlined = true
    #expect(grid[2, 0].style == concealed)
  }
}
