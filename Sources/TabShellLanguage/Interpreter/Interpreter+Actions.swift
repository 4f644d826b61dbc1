@_spi(Host) import TabShellKit

/// The language's way into the shell: every command that changes it, and every gesture, sends a
/// ``TabShellKit/ShellAction`` through ``TabShellKit/Shell/send(_:)``, the one entry point.
extension Interpreter {
  /// Sends an action to the shell.
  @inline(__always)
  @discardableResult
  func send(_ action: ShellAction) throws(ShellError) -> ActionOutcome {
    try shell.send(action)
  }

  /// Carries out the action a gesture resolved to (a click's `.tap`, the wheel's `.swipe`), as
  /// the command that makes it would (hooks, vetoes, reselect), then passes that command to
  /// ``recorded(command:succeeded:)``.
  func perform(gesture action: ShellAction) throws {
    let line = ActionScript.line(action)
    do {
      try shell.send(action)
    } catch {
      recorded(command: line, succeeded: false)
      throw error
    }
    recorded(command: line, succeeded: true)
  }
}
