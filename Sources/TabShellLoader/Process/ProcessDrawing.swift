@_spi(Host) import TabShellKit
import TabShellRPC

/// A process plugin's drawing into the core's canvas, and its text made safe for a terminal.
enum ProcessDrawing {
  /// Text for the canvas (``TabShellKit/blankingControls(_:)``): every control character (C0,
  /// DEL, C1: tabs, newlines, escapes) replaced by a space, every bidirectional control left out,
  /// so that the drawing keeps its widths. (Text a plugin prints is
  /// ``TabShellKit/neutralized(_:keepingLines:)``'d, as every message is: its controls shown.)
  static func blanked(_ text: String) -> String { blankingControls(text) }

  /// Writes the lines into the canvas, span after span, each clipped by the canvas (by display
  /// width; lines past its height are dropped), in its colours and attributes; places the cursor.
  static func draw(_ drawn: DrawnScreen, into canvas: inout Canvas) {
    if let background = drawn.background { canvas.background = color(background) }
    for (row, spans) in drawn.lines.prefix(canvas.height).enumerated() {
      var column = 0
      for span in spans {
        guard column < canvas.width else { break }
        let text = blanked(span.text)
        canvas.write(text, row: row, column: column, style: style(span))
        column += displayWidth(of: text)
      }
    }
    canvas.cursor = drawn.cursor.map {
      Canvas.Cursor(row: $0.row, column: $0.column, shape: shape(named: $0.shape))
    }
  }

  /// The core's cursor shape of a protocol's name (``DrawnScreen/Cursor/shapes``, in DECSCUSR's
  /// order); the default for another.
  static func shape(named name: String) -> Canvas.CursorShape {
    DrawnScreen.Cursor.shapes.firstIndex(of: name).flatMap { Canvas.CursorShape(code: $0) }
      ?? .default
  }

  /// A span's style in the canvas's terms.
  static func style(_ span: DrawnScreen.Span) -> Canvas.Style {
    var attributes: Canvas.Attributes = []
    let pairs: [(DrawnScreen.Attributes, Canvas.Attributes)] = [
      (.bold, .bold), (.dim, .dim), (.italic, .italic), (.underline, .underline),
      (.reverse, .reverse), (.strike, .strikethrough),
    ]
    for (drawn, canvas) in pairs where span.attributes.contains(drawn) { attributes.insert(canvas) }
    return Canvas.Style(
      foreground: span.color.map(color) ?? .terminal,
      background: span.background.map(color) ?? .terminal, attributes: attributes)
  }

  /// Draws a failure as the renderer draws a failed screen's, for a screen that fails while it
  /// draws (the host marks it failed once the command is over).
  static func drawFailure(_ message: String, into canvas: inout Canvas) {
    canvas.write("! This screen failed:", row: 0, color: .red, bold: true)
    canvas.writeWrapped(blanked(message), row: 1, color: .red)
  }

  private static func color(_ color: DrawnScreen.Color) -> Canvas.Color {
    switch color {
    case .rgb(let red, let green, let blue): .rgb(red: red, green: green, blue: blue)
    case .indexed(let index): .indexed(index)
    }
  }
}
