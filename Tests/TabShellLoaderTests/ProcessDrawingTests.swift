@_spi(Host) import TabShellKit
import TabShellRPC
import Testing

@testable import TabShellLoader

/// A process plugin's drawing goes into the canvas clipped by display width, with its control
/// characters made harmless.
@Suite struct ProcessDrawingTests {
  @Test func linesAreClippedByDisplayWidthAndControlCharactersBecomeSpaces() {
    var canvas = Canvas(width: 8, height: 3)
    let blue = DrawnScreen.Color(red: 0, green: 0, blue: 255)
    ProcessDrawing.draw(
      DrawnScreen(
        lines: [
          [.init("a\u{1B}[2Jb\tc\u{7F}d\u{85}e")],
          [.init("日本"), .init("語x", color: blue, bold: true), .init("more")],
          [.init("three")], [.init("past the height")],
        ], background: blue),
      into: &canvas)
    #expect(canvas.lines == ["a [2Jb c", "日本語xm", "three"])
    let cell = canvas.rows[1][4]
    #expect(
      cell.text == "語" && cell.style.foreground == .rgb(red: 0, green: 0, blue: 255) && cell.isBold)
    #expect(canvas.background == .rgb(red: 0, green: 0, blue: 255))
  }

  @Test func aWideCharacterAtTheEdgeIsDroppedWhole() {
    var canvas = Canvas(width: 5, height: 1)
    ProcessDrawing.draw(DrawnScreen(lines: [[.init("abcd"), .init("日")]]), into: &canvas)
    #expect(canvas.lines == ["abcd"])
  }

  @Test(arguments: [
    ("plain", "plain"), ("a\nb", "a b"), ("\u{1B}]0;title\u{07}", " ]0;title "),
    ("\u{9B}31m", " 31m"), ("tab\there", "tab here"),
    // Bidirectional controls take no column: left out, so that nothing reorders the drawing.
    ("a\u{202E}b\u{2066}c\u{2069}\u{200F}d\u{61C}", "abcd"),
  ])
  func blankedForTheCanvas(text: String, expected: String) {
    #expect(ProcessDrawing.blanked(text) == expected)
  }

  /// The protocol's shapes are the core's, by name, in DECSCUSR's order.
  @Test func everyCursorShapeOfTheProtocolIsTheCoresOfThatName() {
    #expect(
      DrawnScreen.Cursor.shapes.map { ProcessDrawing.shape(named: $0).description }
        == DrawnScreen.Cursor.shapes)
    #expect(DrawnScreen.Cursor.shapes.map { ProcessDrawing.shape(named: $0).code } == Array(0...6))
    #expect(ProcessDrawing.shape(named: "beam") == .default)
  }
}
