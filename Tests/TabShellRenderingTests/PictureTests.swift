@_spi(Host) import TabShellKit
import Testing

@testable import TabShellRendering

/// Pictures of a canvas (docs/Contract.md, "Pictures, recordings, locators"): every cell where
/// its column and row put it, with its colours and attributes, wide characters and marks, the
/// cursor, and nothing a screen wrote that could break the file.
@Suite("Pictures")
struct PictureTests {
  /// Six columns, two rows: bold underlined red `a<` (the `<` escaped), a wide `字` in columns
  /// 3-4, `é` as `e` and a combining accent, a background of colour 22 on two blanks, a reversed
  /// `r` and the cursor on the last cell.
  static func sample() -> Picture {
    var canvas = Canvas(width: 6, height: 2)
    canvas.write(
      "a<", row: 0, style: Canvas.Style(foreground: .red, attributes: [.bold, .underline]))
    canvas.write("字", row: 0, column: 3)
    canvas.write("e\u{301}", row: 1)
    canvas.fill(row: 1, column: 1, count: 2, style: Canvas.Style(background: .indexed(22)))
    canvas.write("r", row: 1, column: 3, style: Canvas.Style(attributes: [.reverse, .dim]))
    canvas.cursor = Canvas.Cursor(row: 1, column: 5)
    return Picture(lines: Renderer.lines(of: canvas), columns: 6, cursor: canvas.cursor)
  }

  @Test func theCellsAreTheCanvasesWithTheCursor() {
    let picture = Self.sample()
    #expect(picture.columns == 6 && picture.rows == 2)
    #expect(picture.cursor == Canvas.Cursor(row: 1, column: 5))
    #expect((0..<6).map { picture.cell(row: 0, column: $0).text } == ["a", "<", " ", "字", "", " "])
    #expect(picture.cell(row: 1, column: 0).text == "e\u{301}")
    #expect(picture.cell(row: 1, column: 1).style.background == .indexed(22))
    #expect(picture.text == ["a< 字", "é  r"])
  }

  @Test func svgIsAMonospaceGrid() {
    #expect(
      Self.sample().svg == """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="54" height="36" viewBox="0 0 54 36" \
        font-family="'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace" font-size="15">
        <rect width="54" height="36" fill="#0c0c0c"/>
        <g shape-rendering="crispEdges">
        <rect x="0" y="16" width="18" height="1" fill="#c50f1f"/>
        <rect x="9" y="18" width="18" height="18" fill="#005f00"/>
        <rect x="27" y="18" width="9" height="18" fill="#cccccc"/>
        <rect x="45" y="18" width="9" height="18" fill="#cccccc"/>
        </g>
        <g>
        <text x="0 9" y="14" fill="#c50f1f" font-weight="bold">a&lt;</text>
        <text x="27" y="14" fill="#cccccc">字</text>
        <text x="0" y="32" fill="#cccccc">é</text>
        <text x="27" y="32" fill="#6c6c6c">r</text>
        </g>
        </svg>

        """)
  }

  @Test func htmlIsAPreOfSpans() {
    #expect(
      Self.sample().htmlFragment == """
        <pre class="tabshell"><span style="color:#c50f1f;font-weight:bold;text-decoration:underline">a&lt;</span> \
        <span class="w">字</span>
        é<span style="background:#005f00">  </span><span style="color:#6c6c6c;background:#cccccc">r</span> \
        <span style="color:#0c0c0c;background:#cccccc"> </span></pre>
        """)
    let page = Self.sample().html(title: "a <b>")
    #expect(
      page.hasPrefix(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>a &lt;b&gt;</title>"))
    #expect(page.contains(Picture.styleSheet) && page.contains(Self.sample().htmlFragment))
  }

  @Test func textAndAnsiAreTheLines() {
    #expect(Self.sample().plainText == "a< 字\né  r\n")
    #expect(
      Self.sample().ansiText
        == "\u{1B}[1;4;31ma<\u{1B}[0m 字\né\u{1B}[48;5;22m  \u{1B}[0m\u{1B}[2;7mr\u{1B}[0m\n")
  }

  /// What a screen leaves in its cells never breaks a picture: control characters are blanks, and
  /// the two non-characters XML forbids are U+FFFD.
  @Test func nothingAScreenWroteBreaksTheFile() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.write("\u{1B}]\u{FFFE}&", row: 0)
    let picture = Picture(lines: Renderer.lines(of: canvas), columns: 4, cursor: nil)
    #expect(
      picture.svg.contains("<text x=\"9 18 27\" y=\"14\" fill=\"#cccccc\">]\u{FFFD}&amp;</text>"))
    #expect(!picture.svg.contains("\u{1B}") && !picture.htmlFragment.contains("\u{1B}"))
    #expect(picture.htmlFragment == "<pre class=\"tabshell\"> ]\u{FFFD}&amp;</pre>")
  }
}
