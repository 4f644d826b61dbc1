import TabShellHost
import TabShellLanguage

/// The mode as its interpreter's host while it runs locally: its waits draw, its commands
/// (`set-focus`, `back`, `panel`) reach it, and `tui` says it is on already.
extension FullScreenSession: InterpreterHost {
  package func enterFullScreen() throws(GestureError) {
    throw .fullScreenUnavailable(
      "the full-screen mode is on already (Ctrl-X Ctrl-A goes back to the line prompt)")
  }

  package func whileWaiting(_ moment: WaitMoment) -> Int32 { drawWhileWaiting(moment) }

  package var fullScreen: (any FullScreenControl)? { self }

  package var output: (any OutputSink)? { panelOutput }
}

extension FullScreenSession: FullScreenControl {
  package var keyFocus: KeyFocus {
    get { focus }
    set { focus = newValue }
  }

  package var isPanelOpen: Bool { panel.isOpen }

  package func closePanel() { panel.close() }

  package func scrollPanel(_ scroll: PanelScroll) {
    switch scroll {
    case .up: scrollPanel(rows: -1)
    case .down: scrollPanel(rows: 1)
    case .pageUp: scrollPanel(pages: -1)
    case .pageDown: scrollPanel(pages: 1)
    }
  }

  package func redraw() { damage.all = true }

  package func suspend() throws(GestureError) {
    if let reason = suspendTerminal() { throw .fullScreenUnavailable(reason) }
  }

  package func leaveForLineMode() throws(GestureError) {
    if let reason = terminal.lineModeRefusal { throw .fullScreenUnavailable(reason) }
    leaveForLine()
  }

  package func clearLine() {
    // Drops the line being typed, as Ctrl-C does in the line REPL, or the question asked.
    ReadlineBridge.removeLine()
    if !dropLineQuestion() { startLine() }
  }
}
