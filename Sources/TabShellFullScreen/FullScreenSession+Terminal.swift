import CReadline
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The terminal side: its size, frames, suspending, the line REPL.
extension FullScreenSession {
  /// The terminal's size changed: the next frame is drawn whole at the new size.
  package func resized() { readSize() }

  /// Reads the terminal's size (at start and on SIGWINCH); the next frame is drawn whole.
  func readSize() {
    if let size = terminal.size() {
      // Bounded as every frame is: a huge window would ask for gigabytes of cells.
      frame.columns = min(size.columns, RenderOptions.maximumWidth)
      frame.rows = min(
        size.rows, RenderOptions.maximumHeight, max(1, RenderOptions.maximumCells / columns))
    }
    damage.all = true
    damage.pages = true
  }

  /// The interpreter draws and hit-tests at the terminal's size, the last row left to the
  /// command line. Set only when it differs: each setting counts as a change of the options
  /// (``TabShellLanguage/ViewState/optionChanges``), after which what was laid out from them is
  /// laid out again, and this runs several times a key.
  func syncSize() {
    // Read in place: the options copied would retain each of their strings and tables.
    let interpreter = interpreter
    guard
      interpreter.view.renderOptions.width != columns
        || interpreter.view.renderOptions.height != rows
        || interpreter.view.renderOptions.reservedRows != 1
    else { return }
    interpreter.view.renderOptions.width = columns
    interpreter.view.renderOptions.height = rows
    interpreter.view.renderOptions.reservedRows = 1
  }

  /// Draws a frame and writes it with one `write`: the cells that changed since the last one (all
  /// of them after a resize, `fg` or `redraw`), the pages drawn again when ``damage`` says they
  /// may have changed. `tellsScreens`: the screens are told of a focus or a size first (not while
  /// a command waits: telling them runs as a command).
  func drawFrame(tellsScreens: Bool = true) {
    if tellsScreens { syncScreenFocus() }
    syncSize()
    if drawScreenChanges() { return }
    drawWholeFrame()
  }

  /// ``drawFrame(tellsScreens:)`` when more than the visible screen's content may have changed.
  /// A function of its own, not inlined: each echo a terminal tab draws runs the few lines above
  /// it, which were spread over two pages of code with it.
  @inline(never)
  private func drawWholeFrame() {
    if frame.back.columns != columns || frame.back.rows != rows {
      frame.back = CellGrid(columns: columns, rows: rows)
      frame.front = CellGrid(columns: columns, rows: rows)
      damage.all = true
    }
    if damage.all {
      view.invalidateAll()
    } else if damage.pages {
      view.invalidate()
    }
    let table = interpreter.keys.table
    let shown = shownFacts()
    let hintsSource = FrameOutput.HintsSource(
      table: table.version, focus: focus, presented: shown.presented,
      screenTakesInput: shown.takesInput, detaches: terminal.detaches)
    let hints: [String]
    if let made = frame.hints, made.source == hintsSource {
      hints = made.lines
    } else {
      hints =
        switch focus {
        case .command: [String]()
        case .bar:
          table.barHints(
            presented: hintsSource.presented, screenTakesInput: hintsSource.screenTakesInput)
        case .screen, .prefix:
          table.screenHints(afterPrefix: focus == .prefix, detaches: terminal.detaches)
        case .copy: table.copyHints()
        default: [String]()
        }
      frame.hints = (hintsSource, hints)
    }
    let question = focus == .confirm ? asked?.question.prompt : nil
    var commandLine = FullScreenView.CommandLine(
      focus: focus, prompt: "", text: [], point: 0, screen: shown.screen, hints: hints,
      question: question)
    // The line being typed shows in the command focus only (CommandLineDrawing): read there
    // only, so that a frame in another focus (each key a terminal tab echoes) asks no prompt.
    if focus == .command, question == nil {
      let line = FullScreenReadline.line
      (commandLine.prompt, commandLine.text, commandLine.point) = (
        line.prompt, line.text, line.point
      )
      commandLine.showsPlaceholder = line.prompt == host.prompt()
    }
    let layout = interpreter.layout
    let source = FullScreenView.Source(
      changes: interpreter.shell.changes, optionChanges: interpreter.view.optionChanges,
      barScroll: interpreter.view.barScroll)
    let (cursor, rows) = view.draw(
      into: &frame.back, layout: layout, shell: interpreter.shell, drag: input.drag,
      panel: &panel, commandLine: commandLine, source: source,
      grids: gridScreens)
    // What the frame was drawn from, the bar's scroll as the layout was made from it: a scroll
    // pinned anew below makes the next frame a whole one, as it makes the interpreter a new
    // layout.
    let inputs = frameInputs()
    // The window stays where it is while the selection is in it (worked out again only for
    // another layout, or a scroll that moved since: the interpreter keeps its layout until the
    // shell or the options change).
    let scroll = interpreter.view.barScroll
    if pinnedScroll?.layout !== layout || pinnedScroll?.scroll != scroll {
      let pinned = layout.pinned(scroll)
      interpreter.view.barScroll = pinned
      pinnedScroll = (layout, pinned)
    }
    // A copy goes to the outer terminal's clipboard with the frame (``ClipboardSequence``).
    let clipboard = interpreter.buffers.outgoing.flatMap(ClipboardSequence.bytes(for:))
    interpreter.buffers.outgoing = nil
    writeFrame(cursor: cursor, whole: damage.all, only: rows, clipboard: clipboard)
    drawnFrom = inputs
  }

  /// Writes the frame drawn (``FrameOutput/back``) as its changes from the one shown (every cell
  /// when `whole`; else those of the rows `only` says, when it says), and the clipboard's copy
  /// with it; then it is the frame shown. A frame that changes nothing is not written where the
  /// terminal skips such frames (a session's clients).
  private func writeFrame(
    cursor: FrameWriter.Cursor, whole: Bool, only rows: [Int]?, clipboard: [UInt8]?
  ) {
    if whole || !frame.skipsUnchangedFrames || !frame.isUnchanged(cursor: cursor)
      || clipboard != nil
    {
      frame.encode(cursor: cursor, whole: whole, only: rows)
      // The frame's own bytes unless a copy goes with them (joined, they are a new array).
      if !terminal.write(clipboard.map { frame.bytes + $0 } ?? frame.bytes, whole: whole) {
        exit = .terminated(Signal.hangUp)
      }
    }
    frame.shown(cursor: cursor)
    damage.drew(chrome)
  }

  /// What a frame is drawn from now besides the screens' content (``FrameInputs``).
  private func frameInputs() -> FrameInputs {
    let shell = interpreter.shell
    return FrameInputs(
      shell: ObjectIdentifier(shell), changes: shell.changes,
      optionChanges: interpreter.view.optionChanges, barScroll: interpreter.view.barScroll,
      table: interpreter.keys.table.version, detaches: terminal.detaches, focus: focus,
      panel: panel.version, columns: columns, rows: rows)
  }

  /// The frame when only the visible screen's content may have changed since the last one, in
  /// the screen focus: the last frame's inputs (``FrameInputs``) are the same, no question is
  /// asked, no drag is under way, the panel is closed and nothing goes to the clipboard. The
  /// view draws then only the screen's changed rows (``FullScreenView/drawScreenChanges(into:layout:shell:grids:)``),
  /// in the layout the last frame used (the one its bar's scroll was pinned in: the inputs being
  /// the same, the interpreter has no other), and the frame is written as the whole path writes
  /// it: each key a terminal tab's program echoes is such a frame. Whether it was drawn (else the
  /// whole path draws it).
  private func drawScreenChanges() -> Bool {
    guard !damage.all, damage.pages, let layout = pinnedScroll?.layout, focus == .screen,
      asked == nil, input.drag == nil, !panel.isOpen, interpreter.buffers.outgoing == nil,
      frame.back.columns == columns, frame.back.rows == rows, let drawnFrom,
      drawnFrom == frameInputs()
    else { return false }
    view.invalidate()
    guard
      let (cursor, rows) = view.drawScreenChanges(
        into: &frame.back, layout: layout, shell: interpreter.shell, grids: gridScreens)
    else { return false }
    writeFrame(cursor: cursor, whole: false, only: rows, clipboard: nil)
    frame.screenChangesDrawn &+= 1
    return true
  }

  /// Whether a screen is presented, and the visible screen's id (`-` for none) and whether it
  /// takes input: asked of the shell once a count of its changes (a frame for each key a terminal
  /// tab echoes asked each of them, making the presented screen's description).
  private func shownFacts() -> ShownFacts {
    let shell = interpreter.shell
    let changes = shell.changes
    if let made = shownFactsMade, made.changes == changes { return made }
    let facts = ShownFacts(
      changes: changes, presented: shell.modalScreen != nil,
      takesInput: shell.visibleScreenTakesInput, screen: shell.visibleScreenID ?? "-")
    shownFactsMade = facts
    return facts
  }

  /// `suspend` (Ctrl-Z) or SIGTSTP: gives the terminal back, stops, and after `fg` takes it again
  /// and draws everything; why not, on a terminal that does not stop.
  func suspendTerminal() -> String? {
    switch terminal.suspend() {
    case .resumed: readSize()
    case .lost: exit = .terminated(Signal.hangUp)
    case .refused(let reason): return reason
    }
    return nil
  }

  /// Back to the line REPL with the line being typed (the terminal has one).
  func leaveForLine() {
    let current = FullScreenReadline.line
    exit = .lineMode(line: String(decoding: current.text, as: UTF8.self), point: current.point)
  }

  /// What came from outside a command (SIGTSTP, readline's Ctrl-X Ctrl-A) that does nothing on
  /// this terminal: the panel says why.
  func refuse(_ title: String, _ reason: String) {
    panel.begin(title)
    panel.append("error: \(reason)", isError: true)
  }
}

/// Completions in columns, as readline lists them: sorted, in rows of at most `width` columns.
enum CompletionColumns {
  package static func rows(_ words: [String], width: Int) -> [String] {
    let clean = words.map { Renderer.sanitized($0) }
    let widest = (clean.map { displayWidth(of: $0) }.max() ?? 0) + 2
    let perRow = max(1, width / max(1, widest))
    let rowCount = (clean.count + perRow - 1) / perRow
    return (0..<rowCount).map { row in
      var line = ""
      for column in 0..<perRow {
        let index = column * rowCount + row
        guard index < clean.count else { break }
        let word = clean[index]
        line += word + String(repeating: " ", count: max(0, widest - displayWidth(of: word)))
      }
      return line.trimmingTrailingSpaces
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
