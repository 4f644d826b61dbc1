import CReadline
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The keys and the mouse (docs/Contract.md, "The full-screen mode").
///
/// Command focus: readline has the keys, but for Esc (closes the panel, else to the bar focus),
/// Alt-1…Alt-9 and Alt-←/→ (as in the bar focus), PgUp/PgDn (the panel), Ctrl-C (drops the line),
/// Ctrl-Z (suspends) and Ctrl-L (draws everything again). Bar focus: ←/→ swipe, 1…9 select, `h`
/// toggles the bar, `q` quits, `?` shows the keys, `:` or Enter back to the command line, ↑/↓ and
/// PgUp/PgDn scroll the panel, Esc closes it, Ctrl-X Ctrl-A leaves for the line REPL. The mouse: a click taps what is
/// under it, a drag in the screen area swipes, the wheel swipes over the bar and scrolls the panel.
extension FullScreenSession {
  /// Acts on decoded events. A line accepted runs before the events after it, which belong to the
  /// next line (keys typed ahead, or pasted without bracketed paste).
  func handle(_ events: [InputEvent]) {
    for event in events where exit == nil {
      defer {
        if ReadlineBridge.hasInput || ReadlineBridge.isModeSwitchRequested { takeReadlineInput() }
      }
      switch event.kind {
      case .key(let key):
        if focus == .command { commandKey(key, bytes: event.bytes) } else { barKey(key) }
      case .mouse(let mouse): self.mouse(mouse)
      case .paste(let paste):
        guard focus == .command else { continue }
        paste.text.withCString { _ = rl_insert_text($0) }
        FullScreenReadline.markChanged()
      case .focus, .unknown: break
      }
    }
  }

  private func commandKey(_ key: Key, bytes: [UInt8]) {
    if let command = Self.gestureKey(key, inBarFocus: false) {
      runGesture(command)
      return
    }
    switch (key.code, key.modifiers) {
    case (.escape, []):
      if panel.isOpen { panel.close() } else { focus = .bar }
      dirty = true
    case (.pageUp, []), (.pageDown, []): scrollPanel(pages: key.code == .pageUp ? -1 : 1)
    case (.character("c"), .control):
      // Drops the line being typed, as in the line REPL.
      ReadlineBridge.removeLine()
      startLine()
    case (.character("z"), .control): suspend()
    case (.character("l"), .control): redrawAll = true
    default: FullScreenReadline.feed(bytes)
    }
  }

  private func barKey(_ key: Key) {
    if afterControlX {
      afterControlX = false
      if key == Key("a", .control) || key == Key("a") || key == Key("A") {
        let current = FullScreenReadline.line
        exit = .lineMode(line: String(decoding: current.text, as: UTF8.self), point: current.point)
        return
      }
    }
    if let command = Self.gestureKey(key, inBarFocus: true) {
      runGesture(command)
      return
    }
    switch (key.code, key.modifiers) {
    case (.escape, []): panel.close()
    case (.enter, []), (.character(":"), []): focus = .command
    case (.character("q"), []), (.character("d"), .control): exit = .exit(0)
    case (.character("?"), []): run(title: "help tui") { $0.runLine("help tui") }
    case (.up, []), (.down, []): scrollPanel(rows: key.code == .up ? -1 : 1)
    case (.pageUp, []), (.pageDown, []): scrollPanel(pages: key.code == .pageUp ? -1 : 1)
    case (.character("x"), .control): afterControlX = true
    case (.character("z"), .control): suspend()
    case (.character("l"), .control): redrawAll = true
    default: break
    }
    dirty = true
  }

  /// The `key NAME` command a key stands for: Alt-1…Alt-9 and Alt-←/→ in both focuses; ←/→, 1…9
  /// and `h` in the bar focus.
  static func gestureKey(_ key: Key, inBarFocus: Bool) -> String? {
    let alt = key.modifiers == [.alt]
    guard alt || (inBarFocus && key.modifiers.isEmpty) else { return nil }
    let prefix = alt ? "alt-" : ""
    switch key.code {
    case .left: return "key \(prefix)left"
    case .right: return "key \(prefix)right"
    case .character(let c) where ("1"..."9").contains(c): return "key \(prefix)\(c)"
    case .character("h") where !alt: return "key h"
    default: return nil
    }
  }

  private func mouse(_ event: MouseEvent) {
    let (column, row) = (event.column - 1, event.row - 1)
    switch event.action {
    case .press where event.button == .left:
      endDrag()
      if let top = panelTop, (top..<(panelBottom)).contains(row) {
        if row == top { panel.close() }
        dirty = true
        return
      }
      if row == rows - 1 {
        focus = .command
        dirty = true
        return
      }
      syncSize()
      if let started = interpreter.beginDrag(column: column, row: row) {
        drag = started
        return
      }
      runGesture("click \(event.column) \(event.row)")
    case .drag where drag != nil:
      guard var current = drag else { return }
      if let action = current.move(to: column) { carryOut(action, of: &current) }
      drag = current
      dirty = true
    case .release:
      guard var current = drag else { return }
      drag = nil
      if let action = current.release(at: column) { carryOut(action, of: &current) }
      dirty = true
    case .wheelUp, .wheelDown:
      if let top = panelTop, (top..<panelBottom).contains(row) {
        scrollPanel(rows: event.action == .wheelUp ? -3 : 3)
        return
      }
      runGesture("scroll \(event.action == .wheelUp ? "up" : "down") \(event.column) \(event.row)")
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
    guard var current = drag else { return }
    drag = nil
    if let action = current.release(at: current.column) { carryOut(action, of: &current) }
  }

  /// A line typed and accepted: into the history, then run.
  func runTyped(_ line: String) {
    host.record(line)
    focus = .command
    run(title: line) { _ in
      switch host.execute(line) {
      case .exit(let status): .exit(status)
      default: .success
      }
    }
    if exit == nil { startLine() }
  }

  /// A key or a click, as the gesture command it stands for (`key right`, `click 12 23`).
  func runGesture(_ command: String) {
    run(title: command) { $0.runLine(command) }
  }

  /// Runs something that may change the shell: at the terminal's size, its output to a fresh
  /// panel, Ctrl-C able to interrupt it; then the pages are drawn again.
  func run(title: String, _ body: (Interpreter) -> Interpreter.Outcome) {
    syncSize()
    panel.begin(title)
    mode.setSignalKeys(true)
    let outcome = body(interpreter)
    mode.setSignalKeys(false)
    switch outcome {
    case .exit(let status): exit = .exit(status)
    case .interrupted:
      Interpreter.interruption.store(false, ordering: .relaxed)
      panel.append("error: interrupted", isError: true)
    default: break
    }
    handleSignals()
    view.invalidate()
    // The prompt names the visible screen, which may have changed.
    if exit == nil, ReadlineBridge.isReading { rl_set_prompt(host.prompt()) }
    dirty = true
  }

  /// The output panel's rows on the screen, when it is open: from its title row to `panelBottom`.
  var panelTop: Int? {
    guard panel.isOpen else { return nil }
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

  func scrollPanel(rows delta: Int) {
    panel.scroll(by: delta, visible: PanelDrawing.visibleRows(bottom: panelBottom), width: columns)
    dirty = true
  }

  func scrollPanel(pages: Int) {
    scrollPanel(rows: pages * max(1, PanelDrawing.visibleRows(bottom: panelBottom) - 1))
  }
}
