@_spi(Host) import TabShellKit

extension Interpreter {
  /// An input the full-screen mode hands to the visible screen in the screen focus (a key, a
  /// paste, a mouse event in its region): sent as the command that sends it would send it, and
  /// passed to a recording as that command (`send-keys Space`, `paste TEXT`) as every gesture is
  /// (``recorded(command:succeeded:)``); a mouse event, which no command sends, is not recorded.
  /// Returns whether the screen handled it.
  package func deliver(_ input: ScreenInput) throws -> Bool {
    // Nothing to record: the input goes to the shell without the action the recording names
    // (each key a terminal tab takes), as ``send(_:)`` would send it.
    guard recorder != nil || hostObservesGestures else {
      try syncPaneArea()
      let handled = try shell.deliver(input, to: nil)
      try syncPaneArea()
      return handled
    }
    let action = ShellAction.input(input, to: nil)
    // The command a recording writes (`send-keys KEY`).
    let line = ActionScript.words(action).map { ScriptWords.line($0) }
    let outcome: ActionOutcome
    do {
      outcome = try send(action)
    } catch {
      if let line { recorded(command: line, succeeded: false) }
      throw error
    }
    if let line { recorded(command: line, succeeded: true) }
    guard case .input(let handled) = outcome else { return false }
    return handled
  }
}
