@_spi(Host) import TabShellKit
import TabShellRendering

/// A recording under way (`record FILE`): a script that replays a session at the prompt.
///
/// The file starts with the state of the moment the recording began, as `state --script` writes
/// it; then each command, written as soon as it has run (one that failed as a comment, so that the
/// replay stays green); ``finish(_:)`` adds `expect` lines for the final state. It knows nothing of
/// how a command was entered: the REPL records the commands typed, a full-screen mode records
/// each tap or key as the command it resolved to (`tab feed`, `swipe left --cancel`).
package final class Recorder {
  /// The file, as the user named it.
  package var name: String { file.name }
  private let file: WrittenFile

  /// Starts a recording into the file at `path` (created, or emptied), with the state of `shell`
  /// (and `set bar compact` when the view draws the compact bar).
  package init(path: String, name: String, shell: Shell, bar: BarStyle = .full)
    throws(LanguageError)
  {
    file = try WrittenFile(path: path, name: name)
    let header =
      "# Recorded by TabShell ('record'): 'tabshell \(ScriptWords.quote(name))' replays it."
    try file.write(([header] + StateScript.lines(shell, bar: bar)).map { $0 + "\n" }.joined())
    try file.write("# What was typed:\n")
  }

  /// Writes one command that has run: as it is when it succeeded, as a comment when it failed.
  package func record(commandText: String, succeeded: Bool) throws(LanguageError) {
    if succeeded {
      try file.write(commandText + "\n")
    } else {
      let text = commandText.split(separator: "\n", omittingEmptySubsequences: false)
      try file.write("# failed: " + text.joined(separator: " ") + "\n")
    }
  }

  /// Ends the recording with `expect` lines for the final state of `shell`: the number of tabs,
  /// the selected tab, the visible screen, each badge, the depth of each stack deeper than its
  /// root, and the bar.
  package func finish(_ shell: Shell) throws(LanguageError) {
    defer { file.close() }
    var lines = ["# The final state ('record stop'):", "expect tabs \(shell.tabCount)"]
    if let position = shell.selectedPosition, let tab = shell.tab(at: position) {
      lines.append(ScriptWords.line(["expect", "selected", tab.id]))
    }
    if let visible = shell.visibleScreen {
      lines.append(ScriptWords.line(["expect", "visible", visible.id]))
    }
    let tabs = shell.tabs
    for tab in tabs {
      if let badge = tab.item.badge {
        lines.append(ScriptWords.line(["expect", "badge", tab.id, badge]))
      }
    }
    for tab in tabs where tab.stack.count > 1 {
      lines.append(ScriptWords.line(["expect", "depth", tab.id, String(tab.stack.count)]))
    }
    lines.append("expect bar " + (shell.isBarHidden ? "hidden" : "shown"))
    try file.write(lines.map { $0 + "\n" }.joined())
  }
}
