import CVTerm
@_spi(Host) import TabShellKit

/// A terminal tab's screen: draws its session's emulator and sends it the keys, text, pastes and
/// mouse events it gets. Its program runs from the moment it is made, visible or not; when it
/// leaves for good its session is handed to ``TerminalSessions`` to be ended.
final class TerminalScreen: Screen {
  let session: TerminalSession
  let context: ScreenContext
  /// The screen's id (its context's, read once: the core's type answers through its
  /// resilient accessors, and the full-screen mode looks a screen up by id several times a key).
  let id: String
  /// Not kept alive by the screen: a screen may be told it goes (``willDeinit()``) after the
  /// shell's terminal tabs themselves went, at the end of a process, where an unowned reference
  /// aborted it. A link (``OwnerLink``), not a weak reference, which would make each retain and
  /// release of the set, several a key, the runtime's slow ones.
  var sessions: TerminalSessions? { sessionsLink.object }
  private let sessionsLink: OwnerLink<TerminalSessions>
  /// What the set of sessions reaches the screen by (``OwnerLink``).
  private(set) lazy var link = OwnerLink(self)
  /// Whether the screen is visible (from its `viewWillAppear` to its `viewDidDisappear`).
  var isVisible = false
  /// Whether `activity` was said since the screen was last visible.
  var toldActivity = false
  /// Whether its program's output was ever shown as it came, or keys or text sent to it: until
  /// then what the program writes (a shell's first prompt, in a tab added in the background or
  /// left before the prompt came) is not `activity`.
  var lookedAt = false
  /// Whether the program set a title of its own (OSC 0 or 2, not empty): the screen is then no
  /// longer named after its foreground process.
  var programTitled = false
  /// The name of the foreground process the screen last gave itself as its title.
  var foregroundName: String?
  /// The canvas styles of the terminal's style indices, as drawn last.
  var canvasStyles = TerminalCanvasStyles()
  /// The grid's styles of the terminal's style indices, as drawn last (``draw(into:column:row:width:height:kept:)``).
  var gridStyles = TerminalGridStyles()
  /// Copy mode, while the screen is in it (``enterCopyMode()``).
  var copy: CopyMode?
  /// The last press of the left button that the selection took (``select(with:)``).
  var lastPress: MousePress?
  /// What the last drawing into a kept canvas showed (``TabShellKit/Canvas/keptDrawing``).
  private var keptView: KeptView?
  /// The emulator's ``TerminalEmulator/contentChanges`` when its damage was last taken.
  private var changesTaken: Int?

  /// What a drawing into a kept canvas showed besides the rows: when the same canvas comes back
  /// showing the same, only the rows the emulator marked changed are drawn again.
  private struct KeptView: Equatable {
    var canvas: Int
    var scrolledBack: Int
    var styles: Int
    var ended: Bool
  }

  init(session: TerminalSession, context: ScreenContext, sessions: TerminalSessions) {
    self.session = session
    self.context = context
    id = context.screenID
    self.sessionsLink = sessions.link
  }

  deinit { link.clear() }

  func willDeinit() {
    sessions?.close(session)
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
    if copy != nil {
      // Copy mode draws its whole view: into a kept canvas blanked first, and the next drawing
      // after it is whole again.
      if canvas.keptDrawing != nil {
        keptView = nil
        canvas.cursor = nil
        for row in 0..<canvas.height { canvas.fill(row: row, style: .plain) }
      }
      drawCopy(in: &canvas, rows: rows, columns: columns)
      return
    }
    _ = Self.drawView(
      of: emulator, in: &canvas, styles: &canvasStyles, only: rowsToDraw(in: &canvas, rows: rows))
    if emulator.scrolledBack > 0 {
      drawPosition(in: &canvas, columns: columns)
      return
    }
    let cursor = emulator.cursor
    if session.ending == nil, emulator.cursorVisible, cursor.row < rows, cursor.column < columns {
      canvas.cursor = Canvas.Cursor(
        row: cursor.row, column: cursor.column, shape: emulator.cursorShape)
    }
  }

  /// The rows to draw: all of them into a new canvas; into the canvas kept from the last drawing,
  /// only those the emulator marked changed since (``rowsChanged(sinceKept:height:)``), blanked
  /// first.
  private func rowsToDraw(in canvas: inout Canvas, rows: Int) -> [Int]? {
    guard let kept = canvas.keptDrawing else { return nil }
    canvas.cursor = nil
    let drawn = rowsChanged(sinceKept: kept, height: canvas.height)
    for row in drawn where row < canvas.height { canvas.fill(row: row, style: .plain) }
    return drawn.filter { $0 < rows }
  }

  /// The rows of a region `height` rows high to draw again into a drawing kept as `kept` (a
  /// canvas's, or the frame's grid's): those the emulator marked changed since the last drawing
  /// when it was the same one showing the same (the damage is taken then only: a drawing into a
  /// new canvas, `show`'s, leaves it for the kept one); the whole region when the kept drawing is
  /// another, the view is scrolled back, or the styles' table was rebuilt.
  func rowsChanged(sinceKept kept: Int, height: Int) -> [Int] {
    spansChanged(sinceKept: kept, height: height).rows
  }

  /// What a drawing into the kept canvas or grid numbered `kept` shows besides its rows, now.
  private func view(ofKept kept: Int) -> KeptView {
    KeptView(
      canvas: kept, scrolledBack: session.emulator.scrolledBack,
      styles: session.emulator.tables.generation, ended: session.ending != nil)
  }

  /// Whether the drawing `view` describes is the last one and nothing was written to the
  /// emulator or resized since its damage was taken: no row changed.
  private func isUnchanged(since view: KeptView) -> Bool {
    view == keptView && view.scrolledBack == 0
      && session.emulator.contentChanges == changesTaken
  }

  /// ``GridDrawingScreen/drawsNothing(kept:width:height:)``: what the grid's drawing checks
  /// before it draws (``drawsIntoGrid(width:height:)``, then the damage since the drawing kept),
  /// with no resize to make.
  package func drawsNothing(kept: Int, width: Int, height: Int) -> Bool {
    drawsIntoGrid(width: width, height: height)
      && (session.ending != nil || (session.size.rows == height && session.size.columns == width))
      && isUnchanged(since: view(ofKept: kept))
  }

  /// ``rowsChanged(sinceKept:height:)`` with the columns each row changed in, when they are
  /// known (`nil`: the whole of each row).
  func spansChanged(sinceKept kept: Int, height: Int) -> (rows: [Int], spans: [Range<Int>]?) {
    let emulator = session.emulator
    let view = self.view(ofKept: kept)
    // Nothing written or resized since the damage was last taken, for the same drawing: no row
    // changed (a pane beside the one that echoed a key), none to look for.
    let changes = emulator.contentChanges
    if isUnchanged(since: view) { return ([], []) }
    changesTaken = changes
    let damage = emulator.takeDamageSpans()
    defer { keptView = view }
    guard !damage.whole, view == keptView, view.scrolledBack == 0 else {
      return (Array(0..<height), nil)
    }
    return (damage.rows, damage.spans)
  }

  /// Draws what `emulator` shows (its screen, or the lines kept where it is scrolled back) at the
  /// canvas's top left, as far as both reach (only the rows `only` names, when given); the rows
  /// and columns drawn. The fuzz target for terminal input (fuzz/FuzzTerminal.swift) draws with it
  /// too.
  static func drawView(
    of emulator: TerminalEmulator, in canvas: inout Canvas, styles: inout TerminalCanvasStyles,
    only: [Int]? = nil
  ) -> (rows: Int, columns: Int) {
    let rows = min(canvas.height, emulator.rows)
    let columns = min(canvas.width, emulator.columns)
    var run = TerminalRun()
    styles.prepare(for: emulator)
    for row in only ?? Array(0..<rows) where row < rows {
      switch emulator.viewRow(row) {
      case .kept(let cells):
        cells.withUnsafeBufferPointer { cells in
          guard let base = cells.baseAddress else { return }
          draw(
            row: row, cells: base, count: min(columns, cells.count), run: &run, in: &canvas,
            styles: &styles, emulator: emulator, reverse: false)
        }
      case .screen(let line):
        draw(
          row: row, cells: emulator.screenRows[line], count: columns, run: &run, in: &canvas,
          styles: &styles, emulator: emulator, reverse: emulator.isReverse)
      }
    }
    return (rows, columns)
  }

  /// Draws `count` cells of a row: runs of ASCII cells of one style (blanks among them) a write
  /// each (``TerminalRun``), any other cell alone; in reverse video when `reverse`.
  static func draw(
    row: Int, cells: UnsafePointer<TabShellCell>, count: Int, run: inout TerminalRun,
    in canvas: inout Canvas, styles: inout TerminalCanvasStyles, emulator: TerminalEmulator,
    reverse: Bool
  ) {
    var column = 0
    while column < count {
      let cell = cells[column]
      let width =
        column + 1 < count && cells[column + 1].glyph == TerminalCells.continuation ? 2 : 1
      let character = TerminalRun.character(of: cell, width: width)
      if character == nil || !run.goesOn(with: cell, column: column) {
        run.flush(row: row, in: &canvas) { styles.style($0, of: emulator, reverse: reverse) }
      }
      if let character {
        run.append(character, of: cell, column: column)
        column += 1
      } else {
        draw(
          cell, width: width, row: row, column: column, in: &canvas,
          style: styles.style(cell.style, of: emulator, reverse: reverse), emulator: emulator)
        column += width
      }
    }
    run.flush(row: row, in: &canvas) { styles.style($0, of: emulator, reverse: reverse) }
  }

  /// Draws a cell of `width` columns in `style`: its character as one cluster of that width, the
  /// width the program's cursor moved by (libvterm's), whatever the canvas would measure it at
  /// (`❤️` is one column to libvterm and to tmux; each person of a family joined by ZWJ is two).
  static func draw(
    _ cell: TabShellCell, width: Int, row: Int, column: Int, in canvas: inout Canvas,
    style: Canvas.Style, emulator: TerminalEmulator
  ) {
    if cell.glyph == 0 || cell.glyph == 32 || cell.glyph == TerminalCells.continuation {
      if !style.isPlain { canvas.fill(row: row, column: column, count: width, style: style) }
    } else {
      canvas.write(
        cluster: emulator.text(of: cell.glyph), width: width, row: row, column: column,
        style: style)
    }
  }

  func handle(_ input: ScreenInput) -> Bool {
    guard session.ending == nil else {
      // What an ended program wrote can still be scrolled back through.
      if case .mouse(let mouse) = input { return select(with: mouse) ?? scrollBack(with: mouse) }
      return false
    }
    let emulator = session.emulator
    switch input {
    case .key(let pressed):
      lookedAt = true
      // The key as the program gets it, made once (the core's key is copied at each look).
      let terminalKey = TerminalKey(pressed)
      if !programTitled {
        // Enter or a control key may start or end a command (a key the program does not get
        // starts nothing).
        session.keysSent(startsOrStops: terminalKey?.startsOrStops ?? false)
      }
      guard let key = terminalKey else { return false }
      returnToScreen()
      switch key {
      case .key(let key, let modifiers): emulator.key(key, modifiers: modifiers)
      case .character(let scalar, let modifiers): emulator.character(scalar, modifiers: modifiers)
      case .bytes(let bytes): session.send(bytes)
      }
    case .text(let text, let isPaste):
      lookedAt = true
      if !programTitled { session.keysSent(startsOrStops: text.utf8.contains { $0 < 0x20 }) }
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
      if let handled = select(with: mouse) { return handled }
      guard emulator.mouseReporting, copy == nil else { return scrollBack(with: mouse) }
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
}
