@_spi(Host) import TabShellKit

/// The language's way into the shell: every command that changes it, and every gesture, sends a
/// ``TabShellKit/ShellAction`` through ``TabShellKit/Shell/send(_:)``, the one entry point.
extension Interpreter {
  /// Sends an action to the shell, the panes' region kept in step with the view before and
  /// after it (``syncPaneArea()``).
  @inline(__always)
  @discardableResult
  func send(_ action: ShellAction) throws(ShellError) -> ActionOutcome {
    try syncPaneArea()
    let outcome = try shell.send(action)
    try syncPaneArea()
    return outcome
  }

  /// Carries out the action a gesture resolved to (a click's `.tap`, the wheel's `.swipe`), as
  /// the command that makes it would (hooks, vetoes, reselect), then passes that command to
  /// ``recorded(command:succeeded:)``.
  func perform(gesture action: ShellAction) throws {
    let line = ActionScript.line(action)
    do {
      try send(action)
    } catch {
      recorded(command: line, succeeded: false)
      throw error
    }
    recorded(command: line, succeeded: true)
  }
}
