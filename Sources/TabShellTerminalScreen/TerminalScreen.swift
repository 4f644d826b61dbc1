import CVTerm
import TabShellKit

/// A terminal tab's screen: draws its session's emulator and sends it the keys, text, pastes and
/// mouse events it gets. Its program runs from the moment it is made, visible or not; when it
/// leaves for good its session is handed to ``TerminalSessions`` to be ended.
final class TerminalScreen: Screen {
  let session: TerminalSession
  let context: ScreenContext
  private unowned let sessions: TerminalSessions
  /// Whether the screen is visible (from its `viewWillAppear` to its `viewDidDisappear`).
  var isVisible = false
  /// Whether `activity` was said since the screen was last visible.
  var toldActivity = false

  init(session: TerminalSession, context: ScreenContext, sessions: TerminalSessions) {
    self.session = session
    self.context = context
    self.sessions = sessions
  }

  func willDeinit() {
    sessions.close(session)
  }

  func viewWillAppear() {
    isVisible = true
    toldActivity = false
  }

  func viewDidDisappear() {
    isVisible = false
  }

  func draw(in canvas: inout Canvas) {
    // The program's terminal is the screen's region.
    if session.ending == nil, canvas.width > 0, canvas.height > 0 {
      session.resize(rows: canvas.height, columns: canvas.width)
    }
    let emulator = session.emulator
    let rows = min(canvas.height, emulator.rows)
    let columns = min(canvas.width, emulator.columns)
    var run = TerminalRun()
    for row in 0..<rows {
      switch emulator.viewRow(row) {
      case .kept(let cells):
        Self.draw(row: row, columns: min(columns, cells.count), run: &run, in: &canvas) {
          cells[$0]
        }
      case .screen(let line):
        Self.draw(row: row, columns: columns, run: &run, in: &canvas) {
          emulator.cell(row: line, column: $0)
        }
      }
    }
    if emulator.scrolledBack > 0 {
      drawPosition(in: &canvas, columns: columns)
      return
    }
    let cursor = emulator.cursor
    if session.ending == nil, emulator.cursorVisible, cursor.row < rows, cursor.column < columns {
      canvas.cursor = Canvas.Cursor(row: cursor.row, column: cursor.column)
    }
  }

  /// Draws a row's cells up to `columns`: runs of ASCII cells of one style (blanks among them)
  /// a write each (``TerminalRun``), any other cell alone.
  static func draw(
    row: Int, columns: Int, run: inout TerminalRun, in canvas: inout Canvas,
    cell: (Int) -> VTermScreenCell
  ) {
    var column = 0
    while column < columns {
      let cell = cell(column)
      let character = TerminalRun.character(of: cell)
      if character == nil || !run.goesOn(with: cell, column: column) {
        run.flush(row: row, in: &canvas, style: style(of:))
      }
      if let character {
        run.append(character, of: cell, column: column)
        column += 1
      } else {
        column += draw(cell, row: row, column: column, in: &canvas)
      }
    }
    run.flush(row: row, in: &canvas, style: style(of:))
  }

  /// Draws a cell; the columns it takes.
  static func draw(_ cell: VTermScreenCell, row: Int, column: Int, in canvas: inout Canvas)
    -> Int
  {
    let width = max(1, Int(cell.width))
    let style = style(of: cell)
    if cell.chars.0 == 0 || cell.chars.0 == 32 {
      if !style.isPlain { canvas.fill(row: row, column: column, count: width, style: style) }
    } else {
      canvas.write(text(of: cell), row: row, column: column, style: style)
    }
    return width
  }

  func handle(_ input: ScreenInput) -> Bool {
    guard session.ending == nil else {
      // What an ended program wrote can still be scrolled back through.
      if case .mouse(let mouse) = input { return scrollBack(with: mouse) }
      return false
    }
    let emulator = session.emulator
    switch input {
    case .key(let pressed):
      guard let key = TerminalKey(pressed) else { return false }
      returnToScreen()
      switch key {
      case .key(let key, let modifiers): emulator.key(key, modifiers: modifiers)
      case .character(let scalar, let modifiers): emulator.character(scalar, modifiers: modifiers)
      case .bytes(let bytes): session.send(bytes)
      }
    case .text(let text, let isPaste):
      // A terminal sends Enter as a carriage return, in a paste too; a paste's controls are left
      // out as xterm leaves them out (``pasted(_:)``).
      let bytes = isPaste ? Self.pasted(text) : Array(text.utf8).map { $0 == 0x0A ? 0x0D : $0 }
      // The brackets and the text go whole, or not at all.
      guard session.hasRoom(for: bytes.count + 12) else {
        context.send(.log(Self.refusal(bytes.count, pending: session.pendingCount)))
        return true
      }
      returnToScreen()
      if isPaste { emulator.paste(starts: true) }
      session.send(bytes)
      if isPaste { emulator.paste(starts: false) }
    case .mouse(let mouse):
      guard emulator.mouseReporting else { return scrollBack(with: mouse) }
      returnToScreen()
      let modifiers = VTermModifier(rawValue: UInt32(mouse.modifiers.rawValue))
      switch mouse.action {
      case .press, .release:
        emulator.mouse(
          button: Int32(mouse.button), pressed: mouse.action == .press, row: mouse.row,
          column: mouse.column, modifiers: modifiers)
      case .drag:
        emulator.mouse(
          button: 0, pressed: true, row: mouse.row, column: mouse.column, modifiers: modifiers)
      case .wheelUp, .wheelDown:
        emulator.mouse(
          button: mouse.action == .wheelUp ? 4 : 5, pressed: true, row: mouse.row,
          column: mouse.column, modifiers: modifiers)
      @unknown default:
        return false
      }
    case .resize(let width, let height):
      session.resize(rows: height, columns: width)
      context.setNeedsDisplay()
    case .focus(let focused):
      // Reported to the program when it asked (mode 1004): `ESC [ I`, `ESC [ O`.
      emulator.focus(focused)
    @unknown default:
      return false
    }
    return true
  }

  /// The text of a cell: its characters (a base and its marks).
  static func text(of cell: VTermScreenCell) -> String {
    var text = String.UnicodeScalarView()
    withUnsafeBytes(of: cell.chars) { raw in
      for value in raw.bindMemory(to: UInt32.self) {
        guard value != 0, let scalar = Unicode.Scalar(value) else { break }
        text.append(scalar)
      }
    }
    return String(text)
  }

  /// A cell's colours and attributes as the canvas has them.
  static func style(of cell: VTermScreenCell) -> Canvas.Style {
    var foreground = cell.fg
    var background = cell.bg
    // The bits put together here: `insert` on the core's option set is a generic call into a
    // library built for evolution, which cost half of a frame's time.
    var bits: UInt8 = 0
    if cell.attrs.bold != 0 { bits |= Canvas.Attributes.bold.rawValue }
    if cell.attrs.italic != 0 { bits |= Canvas.Attributes.italic.rawValue }
    if cell.attrs.underline != 0 { bits |= Canvas.Attributes.underline.rawValue }
    if cell.attrs.reverse != 0 { bits |= Canvas.Attributes.reverse.rawValue }
    if cell.attrs.strike != 0 { bits |= Canvas.Attributes.strikethrough.rawValue }
    let attributes = Canvas.Attributes(rawValue: bits)
    return Canvas.Style(
      foreground: tabshell_vterm_color_is_default_fg(&foreground) != 0
        ? .terminal : color(foreground),
      background: tabshell_vterm_color_is_default_bg(&background) != 0
        ? .terminal : color(background),
      attributes: attributes)
  }

  private static func color(_ color: VTermColor) -> Canvas.Color {
    var color = color
    if tabshell_vterm_color_is_indexed(&color) != 0 { return .indexed(color.indexed.idx) }
    return .rgb(red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue)
  }
}
