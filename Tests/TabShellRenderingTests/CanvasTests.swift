@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

/// The canvas improvements the renderer relies on: overwriting half of a wide character, marks on
/// wide characters, and wrapping.
@Suite struct CanvasTests {
  /// A character with thousands of marks, at once or written one by one, keeps its first 16
  /// scalars: a cell stays small whatever a screen writes into it.
  @Test func aCellKeepsAFewMarksNotThousands() {
    let marks = String(repeating: "\u{301}", count: 5_000)
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("e" + marks + "x", row: 0)
    #expect(canvas.rows[0][0].text == "e" + String(repeating: "\u{301}", count: 15))
    #expect(canvas.rows[0][1].text == "x")
    for _ in 0..<100 { canvas.write("\u{301}", row: 0, column: 2) }
    #expect(canvas.rows[0][1].text == "x" + String(repeating: "\u{301}", count: 15))
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(width: 6, height: 2)
    canvas.write("首页消", row: 0)
    canvas.write("x", row: 0, column: 1)  // the right half of 首
    canvas.write("ab", row: 0, column: 4)  // both halves of 消
    #expect(canvas.lines[0] == " x页ab")
    canvas.write("中", row: 1, column: 0)
    canvas.write("文", row: 1, column: 1)  // straddles 中's right half
    #expect(canvas.lines[1] == " 文")
    for line in canvas.lines { #expect(displayWidth(of: line) <= 6) }
  }

  @Test func aMarkAfterAWideCharacterJoinsIt() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("首\u{301}x", row: 0)
    #expect(canvas.rows[0][0].text == "首\u{301}")
    #expect(canvas.rows[0][1].text.isEmpty)
    #expect(canvas.lines[0] == "首\u{301}x")
  }

  /// A control character takes a cell of its own and shows as a blank there, as the bar shows it:
  /// it never joins the character before it (whose cell the renderer would then draw two columns
  /// wide, hiding the character after it).
  @Test func aControlCharacterIsABlankCellOfItsOwn() {
    var canvas = Canvas(width: 16, height: 3)
    canvas.write("evil\u{1B}[2J\nline", row: 0)
    canvas.write("a\r\nb\u{7F}c\u{85}d\te", row: 1, color: .red)
    canvas.writeCentered("x\u{7}y", row: 2)
    #expect(canvas.lines == ["evil [2J line", "a  b c d e", "      x y"])
    #expect(
      canvas.rows[1].prefix(10).allSatisfy { $0.style.foreground == Canvas.Color(BarColor.red) })
    let drawn = Renderer.lines(of: canvas).map {
      $0.runs.map(\.text).joined().trimmingTrailingBlanks
    }
    #expect(drawn == canvas.lines)
  }

  /// A bidirectional control takes no column and is left out, so that the terminal reorders
  /// nothing drawn after it: not joined to the cell before it, nor drawn.
  @Test func aBidirectionalControlIsLeftOut() {
    var canvas = Canvas(width: 10, height: 2)
    canvas.write("ab\u{202E}cd\u{2066}e\u{200F}", row: 0)
    canvas.writeCentered("\u{61C}xy\u{2069}", row: 1)
    #expect(canvas.lines == ["abcde", "    xy"])
    #expect(canvas.rows[0][1].text == "b")
    let drawn = Renderer.lines(of: canvas).map { $0.runs.map(\.text).joined() }
    #expect(!drawn.joined().unicodeScalars.contains(where: isBidiControl))
  }

  @Test(arguments: [
    ("Welcome to TabShell. Try 'tab 2'", 12, ["Welcome to", "TabShell.", "Try 'tab 2'"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]), ("首页消息我的", 5, ["首页", "消息", "我的"]),
    ("one\ntwo", 10, ["one", "two"]), ("", 5, [""]),
    ("a\u{1B}[2J\tbc de", 5, ["a [2J", "bc de"]), ("ab\u{202E}c de", 3, ["abc", "de"]),
  ])
  func wrapping(text: String, width: Int, lines: [String]) {
    #expect(Canvas.wrap(text, width: width) == lines)
  }

  @Test func writeWrappedCentresEachLine() {
    var canvas = Canvas(width: 8, height: 3)
    #expect(canvas.writeWrapped("aa bbbb cc", row: 1, centered: true) == 2)
    #expect(canvas.lines == ["", "aa bbbb", "   cc"])
  }

  /// Text of characters that stand alone (written a scalar at a time) lands in the cells as any
  /// text does: a character a cell, a wide one and an empty cell after it, cut at the right edge.
  @Test(arguments: 0..<50)
  func standaloneTextIsWrittenCharacterByCharacter(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 5)
    let pieces = ["a", "Z", " ", "é", "░", "─", "━", "⌂", "⊕", "首", "页", "한", "☆", "⌚", "★"]
    let text = (0..<Int.random(in: 1...20, using: &random)).map { _ in
      pieces.randomElement(using: &random) ?? "a"
    }.joined()
    #expect(text.unicodeScalars.allSatisfy(standsAlone))
    let width = Int.random(in: 1...24, using: &random)
    let column = Int.random(in: -3...4, using: &random)
    var canvas = Canvas(width: width, height: 1)
    canvas.write(text, row: 0, column: column, color: .red)
    var expected = Array(repeating: " ", count: width)
    var x = column
    for character in text {
      let w = displayWidth(of: character)
      if x >= width { break }
      if x >= 0, x + w <= width {
        expected[x] = String(character)
        if w == 2 { expected[x + 1] = "" }
      }
      x += w
    }
    #expect(canvas.rows[0].map(\.text) == expected, "\(text) at \(column) in \(width)")
  }

  @Test(arguments: builtinLayouts)
  func tinyWidthsNeverOverflow(layout: String) throws {
    let shell = try makeShell(layout: layout)
    for width in [-5, 0, 1, 2, 3, 5, 7, 9, 10, 11, 12] {
      let options = RenderOptions(width: width, height: 6)
      let lines =
        Renderer.frame(shell, options: options) + [Renderer.barLine(shell, options: options)]
        + Renderer.tabsTable(shell, options: options)
      for line in lines { #expect(displayWidth(of: line) <= max(1, width), "\(width): \(line)") }
    }
  }

  /// A host puts a character at the width its terminal gave it, and a host writing the canvas out
  /// gets it as a run of its own with that width; writing over half of it blanks the other half.
  @Test func aClusterGoesWhereItsWidthSays() {
    var canvas = Canvas(width: 8, height: 1)
    canvas.write("ab", row: 0)
    canvas.write(cluster: "❤️", width: 1, row: 0, column: 2, style: .plain)
    canvas.write("c", row: 0, column: 3)
    canvas.write(cluster: "👨\u{200D}", width: 2, row: 0, column: 4, style: .plain)
    canvas.write(cluster: "e\u{301}", width: 1, row: 0, column: 6, style: .plain)
    // Too wide for the edge, or of a width no cell has: nothing.
    canvas.write(cluster: "漢", width: 2, row: 0, column: 7, style: .plain)
    canvas.write(cluster: "x", width: 3, row: 0, column: 0, style: .plain)
    #expect(canvas.rows[0].map(\.text) == ["a", "b", "❤️", "c", "👨\u{200D}", "", "é", " "])
    #expect(canvas.lines[0] == "ab❤️c👨\u{200D}é")
    let runs = canvas.runs(inRow: 0)
    #expect(runs.map(\.text) == ["ab", "❤️", "c", "👨\u{200D}", "é"])
    #expect(runs.map(\.width) == [nil, 1, nil, 2, 1])
    #expect(runs.map(\.column) == [0, 2, 3, 4, 6])
    canvas.write("z", row: 0, column: 5)
    #expect(canvas.rows[0][4].text == " " && canvas.rows[0][5].text == "z")
  }
}
