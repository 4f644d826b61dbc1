import CReadline
import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The keys and the mouse (docs/Contract.md, "The full-screen mode").
///
/// A key is looked up in the key table of the focus it was pressed in (``KeyTable``: the built-in
/// bindings, then the start-up file's and the user's `bind`): a bound key runs its commands, parsed
/// when it was bound. A key the table does not bind goes where the focus's mode sends it
/// (``KeyMode``: readline in the command focus, the screen in the screen focus). The mouse: the
/// screen's when it takes input and handles it (``ScreenPointer``); otherwise a click taps what is
/// under it, a drag in the screen area swipes, the wheel swipes over the bar and scrolls the panel.
extension FullScreenSession {
  /// Acts on decoded events. A line accepted runs before the events after it, which belong to the
  /// next line (keys typed ahead, or pasted without bracketed paste).
  package func handle(_ events: [InputEvent]) {
    // By index: each event read where the array keeps it (a copy of each, then of its kind, was
    // two copies of a key a key).
    for index in events.indices where exit == nil {
      defer {
        if ReadlineBridge.hasInput || ReadlineBridge.isModeSwitchRequested { takeReadlineInput() }
      }
      // A screen that became visible by the event before (a tap, a line run) has the focus for
      // this one; one that takes no input has lost it.
      syncScreenFocus()
      switch events[index].kind {
      case .key(let key): press(key, bytes: events[index].bytes)
      case .mouse(let mouse): if !screenMouse(mouse) { self.mouse(mouse) }
      case .paste(let paste):
        if screenHasFocus { screenPaste(paste.text) }
        guard focus == .command else { continue }
        paste.text.withCString { _ = rl_insert_text($0) }
        FullScreenReadline.markChanged()
      case .focus(let focused): windowFocus(focused)
      case .colorReport(let report):
        interpreter.services.terminals?.useOuterColor(
          report.color, background: report.isBackground)
      case .unknown: break
      }
    }
  }

  /// A key pressed in the focus: its binding there runs, else its mode takes it. After one key of
  /// a table that takes one (the prefix's, Ctrl-X's), the keys go back where they were, unless the
  /// key's commands gave them elsewhere.
  func press(_ key: Key, bytes: [UInt8]) {
    let pressedIn = focus
    if let back = pressedIn.afterOneKey { focus = back }
    if interpreter.keys.table.mayBind(key, in: pressedIn),
      let binding = interpreter.keys.table.binding(for: key, in: pressedIn)
    {
      press(binding)
    } else {
      KeyMode.of(pressedIn).unbound(self, key, bytes)
    }
  }

  /// A key bound in the focus it was pressed in: its commands, already parsed, run as if typed.
  /// A binding that only changes the view (`set-focus`, `back`, `panel`) leaves the output panel as
  /// it is; any other opens a fresh one, titled with its commands.
  func press(_ binding: KeyBinding) {
    if interpreter.keepsPanel(binding) {
      let outcome = interpreter.askingUser {
        interpreter.runAsCommand(to: panelOutput) { try $0.runBinding(binding) }
      }
      if case .exit(let status) = outcome {
        exit = .exit(status)
      }
      damage.pages = true
      // `back` may have dismissed the visible screen, which the prompt names.
      if exit == nil, ReadlineBridge.isReading { rl_set_prompt(prompt) }
      askQuestionLeft()
    } else {
      run(title: binding.line) { $0.runAsCommand { try $0.runBinding(binding) } }
    }
  }

  private func mouse(_ event: MouseEvent) {
    let (column, row) = (event.column - 1, event.row - 1)
    switch event.action {
    case .press where event.button == .left:
      endDrag()
      if let top = panelTop, (top..<(panelBottom)).contains(row) {
        if row == top { panel.close() }
        return
      }
      // A message in the compact bar's status row: a click there closes it, as the panel's title.
      if row == rows - 1, panel.statusMessage(interpreter.layout, focus: focus) != nil {
        panel.close()
        return
      }
      // The command line's row, unless it is the compact bar's status row showing the tabs.
      if row == rows - 1, interpreter.layout.statusRow == nil || focus.opensStatusRow {
        focus = .command
        return
      }
      syncSize()
      if let border = interpreter.beginBorderDrag(column: column, row: row) {
        input.borderDrag = border
        return
      }
      if interpreter.isUnfocusedPane(column: column, row: row) {
        // A press on a pane not focused focuses it (and is its screen's, as a click is).
        runGesture("click \(event.column) \(event.row)") {
          try $0.click(column: event.column, row: event.row)
        }
        if interpreter.shell.visibleScreenTakesInput { focus = .screen }
        return
      }
      if let started = interpreter.beginDrag(column: column, row: row) {
        input.drag = started
        let onRow = row == interpreter.layout.statusRow
        input.dragOnStatusRow = onRow ? (event.column, event.row) : nil
        return
      }
      runGesture("click \(event.column) \(event.row)") {
        try $0.click(column: event.column, row: event.row)
      }
    case .drag where input.borderDrag != nil:
      guard var current = input.borderDrag else { return }
      runGesture("drag") { try $0.move(&current, column: column, row: row) }
      input.borderDrag = current
    case .release where input.borderDrag != nil:
      guard var current = input.borderDrag else { return }
      input.borderDrag = nil
      runGesture("drag") { try $0.move(&current, column: column, row: row) }
      interpreter.release(current)
    case .drag where input.drag != nil:
      guard var current = input.drag else { return }
      if let action = current.move(to: column) { carryOut(action, of: &current) }
      input.drag = current
    case .release:
      guard var current = input.drag else { return }
      input.drag = nil
      if let action = current.release(at: column) {
        carryOut(action, of: &current)
      } else if current.phase == .pressed, let (column, row) = input.dragOnStatusRow {
        // Pressed and let go on the status row without moving: a click on what is there.
        runGesture("click \(column) \(row)") { try $0.click(column: column, row: row) }
      }
      input.dragOnStatusRow = nil
    case .wheelUp, .wheelDown:
      if let top = panelTop, (top..<panelBottom).contains(row) {
        scrollPanel(rows: event.action == .wheelUp ? -3 : 3)
        return
      }
      let direction = event.action == .wheelUp ? "up" : "down"
      runGesture("scroll \(direction) \(event.column) \(event.row)") {
        try $0.scroll(direction, column: event.column, row: event.row)
      }
    default: break
    }
  }

  /// Starts or ends the interactive swipe of a drag.
  private func carryOut(_ action: SwipeDrag.Action, of drag: inout SwipeDrag) {
    var current = drag
    run(title: "drag") {
      $0.runAsCommand { interpreter in try interpreter.carryOut(action, of: &current) }
    }
    drag = current
  }

  /// A drag under way when the mode ends (or a press came without the release): let go where it
  /// is, so that the bar and the page are never left out of step.
  func endDrag() {
    guard var current = input.drag else { return }
    input.drag = nil
    if let action = current.release(at: current.column) { carryOut(action, of: &current) }
  }

  /// A line typed and accepted: into the history, then run.
  func runTyped(_ line: String) {
    if question != nil {
      answerQuestion(line)
      return
    }
    host.record(line)
    focus = .command
    run(title: line) { _ in
      switch host.execute(line, panelOutput) {
      case .exit(let status): .exit(status)
      default: .success
      }
    }
    if exit == nil { startLine() }
    // With the compact bar the status row goes back to the tabs once the line ran: the keys go
    // to the visible screen when it takes them, else to the bar.
    if exit == nil, focus == .command, question == nil, interpreter.layout.isCompact {
      focus = interpreter.shell.visibleScreenTakesInput ? .screen : .bar
    }
  }

  /// A click or the wheel, run as the gesture command it stands for would run (`click 12 23`:
  /// the panel's title), without being written out and parsed again.
  func runGesture(_ title: String, _ gesture: (Interpreter) throws -> Void) {
    run(title: title) { $0.runAsCommand(gesture) }
  }

  /// Runs something that may change the shell: at the terminal's size, its output to a fresh
  /// panel, Ctrl-C able to interrupt it (unless not `interruptible`: what never waits, as the
  /// background work's runs, spares the terminal two changes of its attributes); then the pages
  /// are drawn again, when `redraws` says so (always by default).
  package func run(
    title: String, redraws: () -> Bool = { true }, interruptible: Bool = true,
    _ body: (Interpreter) -> Interpreter.Outcome
  ) {
    syncSize()
    panel.begin(title)
    // A SIGINT that came before is not this command's: Ctrl-C sends one only while a command runs
    // (one sent to the process meanwhile, while the mode started, would stop this one at once).
    Interpreter.interruption.store(false, ordering: .relaxed)
    if interruptible { terminal.commandRunning(true) }
    // Someone at the terminal ran it: a command may leave a question (``askQuestionLeft()``).
    let outcome = interpreter.askingUser {
      interpreter.printing(to: panelOutput) { body(interpreter) }
    }
    if interruptible { terminal.commandRunning(false) }
    switch outcome {
    case .exit(let status): exit = .exit(status)
    case .interrupted:
      Interpreter.interruption.store(false, ordering: .relaxed)
      panel.append("error: interrupted", isError: true)
    default: break
    }
    handleSignals()
    // After the prompt is set: a question for a line has its own.
    defer { askQuestionLeft() }
    guard redraws() else { return }
    damage.pages = true
    // The prompt names the visible screen, which may have changed.
    if exit == nil, ReadlineBridge.isReading { rl_set_prompt(prompt) }
  }

  /// The output panel's rows on the screen, when it is open: from its title row to `panelBottom`.
  var panelTop: Int? {
    guard panel.isOpen else { return nil }
    // A message in the compact bar's status row covers nothing.
    if panel.statusMessage(interpreter.layout, focus: focus) != nil { return nil }
    var copy = panel
    let visible = min(
      copy.rows(width: columns).count, PanelDrawing.visibleRows(bottom: panelBottom))
    return panelBottom - visible - 1
  }

  /// Where the panel's area ends: above the action button's cap, else at the bar.
  var panelBottom: Int {
    let layout = interpreter.layout
    return layout.capRow ?? layout.screenHeight
  }

  package func scrollPanel(rows delta: Int) {
    panel.scroll(by: delta, visible: PanelDrawing.visibleRows(bottom: panelBottom), width: columns)
  }

  package func scrollPanel(pages: Int) {
    scrollPanel(rows: pages * max(1, PanelDrawing.visibleRows(bottom: panelBottom) - 1))
  }
}
