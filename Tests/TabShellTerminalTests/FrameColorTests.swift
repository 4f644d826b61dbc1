@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import Testing

/// The full-screen grid shows colours and attributes as the text output does
/// (docs/Contract.md, "The canvas"): the same SGR parameters in every colour mode, every attribute
/// kept without colour, and an attribute taken away really gone.
@Suite struct FrameColorTests {
  static let colors: [Canvas.Color] = [
    .red, .bright(.red), .indexed(8), .indexed(17), .indexed(208), .indexed(244),
    .rgb(red: 0, green: 122, blue: 255), .rgb(red: 200, green: 200, blue: 200),
    .rgb(red: 20, green: 20, blue: 20),
  ]

  static let modes: [ColorMode] = [.monochrome, .ansi8, .ansi16, .ansi256, .trueColor]

  /// The bytes a writer in `mode` sends for one cell "x" in `style` on a blank screen.
  static func frame(_ style: CellStyle, _ mode: ColorMode) -> String {
    var grid = CellGrid(columns: 1, rows: 1)
    grid.write("x", column: 0, row: 0, style: style)
    let writer = FrameWriter(colorMode: mode, synchronizedUpdate: false)
    let bytes = writer.frame(
      from: CellGrid(columns: 1, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: modes)
  func theGridSendsWhatTheTextSends(mode: ColorMode) {
    for color in Self.colors {
      for style in [
        Canvas.Style(foreground: color, attributes: .bold),
        Canvas.Style(background: color, attributes: .bold),
        Canvas.Style(foreground: color, background: color, attributes: .bold),
      ] {
        let text = TextStyle(style).sgr(mode)
        #expect(text.hasPrefix("\u{1B}[1"), "\(style) \(mode)")
        let sgr = "\u{1B}[0;" + text.dropFirst(2)
        #expect(
          Self.frame(CellStyle(TextStyle(style)), mode)
            == "\u{1B}[?25l\u{1B}[H" + sgr + "x\u{1B}[m\u{1B}[2H\u{1B}[?25h",
          "\(style) \(mode)")
      }
    }
  }

  /// The renderer's runs (a header, the bar) keep every attribute on their way into the grid.
  @Test func aRunKeepsEveryAttributeInTheGrid() {
    let all: Canvas.Attributes = [.bold, .dim, .italic, .underline, .reverse, .strikethrough]
    let style = CellStyle(TextStyle(Canvas.Style(foreground: .indexed(3), attributes: all)))
    #expect(style.attributes == all)
    #expect(style.foreground == .palette(3))
    #expect(Self.frame(style, .monochrome).contains("\u{1B}[0;1;2;3;4;7;9mx"))
  }

  /// Taking an attribute away really takes it away: by a reset and what stays when that is
  /// shorter, as here, else by its own code (``FrameSGRTests``); never SGR 21, on which terminals
  /// differ.
  @Test func anAttributeTakenAwayIsGone() {
    var grid = CellGrid(columns: 4, rows: 1)
    grid.write("a", column: 0, row: 0, style: CellStyle(attributes: [.bold, .dim]))
    grid.write(
      "b", column: 1, row: 0, style: CellStyle(foreground: .palette(1), attributes: [.dim]))
    grid.write(
      "c", column: 2, row: 0,
      style: CellStyle(foreground: .palette(1), attributes: [.dim, .italic, .strikethrough]))
    grid.write("d", column: 3, row: 0, style: CellStyle(attributes: [.italic]))
    let writer = FrameWriter(colorMode: .ansi16, synchronizedUpdate: false)
    let bytes = writer.frame(
      from: CellGrid(columns: 4, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == "\u{1B}[?25l\u{1B}[H\u{1B}[0;1;2ma\u{1B}[0;2;31mb\u{1B}[3;9mc\u{1B}[0;3md"
        + "\u{1B}[m\u{1B}[2H\u{1B}[?25h")
  }
}
