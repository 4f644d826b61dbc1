@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal

/// Draws the command line: the prompt and the line with the cursor in view (the line scrolls
/// sideways when it is longer than the row), or in the bar focus a prompt that names the focus and
/// its keys (the hints the key table makes, ``KeyTable/barHints(presented:screenTakesInput:)``); in
/// the screen focus likewise, with the way back to the shell (``KeyTable/screenHints(afterPrefix:)``).
enum CommandLineDrawing {
  static let promptStyle = CellStyle(attributes: [.bold])
  static let hintStyle = CellStyle(attributes: [.dim])
  static let barStyle = CellStyle(attributes: [.reverse, .bold])

  /// What an empty command line says, longest first: the first that fits is shown.
  static let placeholders = [
    "a command (help lists them) · Esc: bar keys · Ctrl-D leaves",
    "a command · Esc: bar keys · Ctrl-D leaves", "Esc: bar keys", "",
  ]

  /// The first of `texts` that fits in `width` columns.
  static func fitting(_ texts: [String], width: Int) -> String {
    texts.first { displayWidth(of: $0) <= width } ?? ""
  }

  /// `text` cut to `width` columns from the left: "…" and its end.
  static func keepingEnd(_ text: String, width: Int) -> String {
    guard displayWidth(of: text) > width else { return text }
    var kept = Substring(text)
    while displayWidth(of: kept) > width - 1, !kept.isEmpty { kept = kept.dropFirst() }
    return "…" + kept
  }

  /// A message in the compact bar's status row (what a command printed, ``OutputPanel/message(width:)``):
  /// the row blanked, an error in the panel's red.
  static func draw(_ message: OutputPanel.Line, into grid: inout CellGrid, row: Int) {
    grid.fill(row: row, columns: 0..<grid.columns)
    grid.write(
      message.text, column: 0, row: row, style: message.isError ? PanelDrawing.errorStyle : .plain)
  }

  static func draw(
    _ line: FullScreenView.CommandLine, into grid: inout CellGrid, row: Int
  ) -> FrameWriter.Cursor {
    let columns = grid.columns
    if let question = line.question {
      // A yes-or-no question (`confirm`): it, and the cursor after it, waiting for the key.
      let end = grid.write(
        Renderer.truncate(Renderer.sanitized(question), toWidth: max(1, columns - 1)), column: 0,
        row: row, style: barStyle)
      return FrameWriter.Cursor(column: min(end + 1, columns - 1), row: row)
    }
    if line.focus != .command {
      // The focus and the screen, then the keys: the way back is always shown.
      let label =
        line.focus == .prefix
        ? " prefix " : " \(line.focus.rawValue):" + Renderer.sanitized(line.screen) + " "
      let end = grid.write(
        Renderer.truncate(label, toWidth: columns), column: 0, row: row, style: barStyle)
      grid.write(
        " " + fitting(line.hints, width: columns - end - 1),
        column: end, row: row, style: hintStyle)
      return FrameWriter.Cursor(column: 0, row: row, isVisible: false)
    }
    // A long prompt (a search's) keeps its end, where what is searched for is, and leaves the
    // line a few columns.
    let prompt = Self.keepingEnd(Renderer.sanitized(line.prompt), width: max(1, columns - 12))
    let start = grid.write(prompt, column: 0, row: row, style: promptStyle)
    let room = columns - start - 1
    guard room > 0 else { return FrameWriter.Cursor(column: columns - 1, row: row) }
    if line.text.isEmpty, line.showsPlaceholder {
      grid.write(
        fitting(placeholders, width: room - 1), column: start + 1, row: row, style: hintStyle)
      return FrameWriter.Cursor(column: start, row: row)
    }
    let point = min(max(0, line.point), line.text.count)
    let before = Renderer.sanitized(String(decoding: line.text[..<point], as: UTF8.self))
    let after = Renderer.sanitized(String(decoding: line.text[point...], as: UTF8.self))
    // Keep the cursor in view: drop characters from the left of what comes before it.
    var shown = Substring(before)
    var width = displayWidth(of: shown)
    while width > room, let first = shown.first {
      width -= displayWidth(of: first)
      shown = shown.dropFirst()
    }
    let cursor = start + width
    grid.write(String(shown) + after, column: start, row: row, clip: start..<columns)
    return FrameWriter.Cursor(column: min(cursor, columns - 1), row: row)
  }
}
