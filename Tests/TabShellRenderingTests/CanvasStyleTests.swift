@_spi(Host) import TabShellKit
import Testing

@testable import TabShellRendering

@Suite("The canvas's styles")
struct CanvasStyleTests {
  @Test func cellsKeepTheirColoursAndAttributes() {
    var canvas = Canvas(width: 8, height: 2)
    let selected = Canvas.Style(
      foreground: .bright(.white), background: .indexed(22), attributes: [.bold, .underline])
    canvas.fill(row: 1, style: Canvas.Style(background: .blue))
    canvas.write("ab", row: 1, column: 2, style: selected)
    canvas.cursor = Canvas.Cursor(row: 1, column: 4)
    #expect(canvas.rows[1][0].style.background == .blue)
    #expect(canvas.rows[1][2].style == selected && canvas.rows[1][3].text == "b")
    let runs = canvas.runs(inRow: 1)
    #expect(runs.map(\.column) == [0, 2, 4])
    #expect(runs.map(\.text) == ["  ", "ab", "    "])
    #expect(Canvas.Color.bright(.white) == .indexed(15))
  }

  @Test func linesCarryEveryAttributeAndDegradeColours() {
    var canvas = Canvas(width: 3, height: 1)
    canvas.write(
      "x", row: 0,
      style: Canvas.Style(
        foreground: .red, background: .rgb(red: 0, green: 0, blue: 255),
        attributes: [.italic, .reverse, .strikethrough]))
    let run = Renderer.lines(of: canvas)[0].runs[0]
    #expect(run.style.sgr(.trueColor) == "\u{1B}[3;7;9;31;48;2;0;0;255m")
    #expect(run.style.sgr(.ansi256) == "\u{1B}[3;7;9;31;48;5;21m")
    #expect(run.style.sgr(.ansi8) == "\u{1B}[3;7;9;31;44m")
    #expect(run.style.sgr(.none) == "")
    #expect(TextStyle(Canvas.Style(foreground: .indexed(9))).sgr(.ansi256) == "\u{1B}[91m")
    #expect(TextStyle(Canvas.Style(foreground: .indexed(200))).sgr(.ansi8) == "\u{1B}[35m")
  }

  @Test func aStyleCarriesBlinkConcealTheUnderlinesShapeAndColourAndAnOverline() {
    var style = Canvas.Style(attributes: [.underline, .blink, .conceal])
    style.underlineStyle = .curly
    style.underlineColor = .indexed(9)
    style.isOverlined = true
    #expect(!style.isPlain)
    #expect(
      [Canvas.UnderlineStyle.single, .double, .curly, .dotted, .dashed].map(\.code)
        == [1, 2, 3, 4, 5])
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("ab", row: 0, style: style)
    canvas.write("c", row: 0, column: 2, style: Canvas.Style(attributes: .underline))
    #expect(canvas.rows[0][1].style == style)
    // A run ends where only the underline's shape changes.
    #expect(canvas.runs(inRow: 0).map(\.text) == ["ab", "c"])
    // The text a terminal is sent: blink and conceal, the underline a single one.
    #expect(TextStyle(style).sgr(.trueColor) == "\u{1B}[4;5;8m")
  }
}
