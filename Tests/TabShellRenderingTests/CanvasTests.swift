@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

/// The canvas improvements the renderer relies on: overwriting half of a wide character, marks on
/// wide characters, and wrapping.
@Suite struct CanvasTests {
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

  @Test(arguments: [
    ("Welcome to TabShell. Try 'tab 2'", 12, ["Welcome to", "TabShell.", "Try 'tab 2'"]),
    ("abcdefghij", 4, ["abcd", "efgh", "ij"]), ("首页消息我的", 5, ["首页", "消息", "我的"]),
    ("one\ntwo", 10, ["one", "two"]), ("", 5, [""]),
  ])
  func wrapping(text: String, width: Int, lines: [String]) {
    #expect(Canvas.wrap(text, width: width) == lines)
  }

  @Test func writeWrappedCentresEachLine() {
    var canvas = Canvas(width: 8, height: 3)
    #expect(canvas.writeWrapped("aa bbbb cc", row: 1, centered: true) == 2)
    #expect(canvas.lines == ["", "aa bbbb", "   cc"])
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
}
