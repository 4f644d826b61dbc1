import CReadline
import TabShellHost
import TabShellLanguage

extension KeyFocus {
  /// Whether the keys go the visible screen's way: to it, to the one key after the prefix, or to
  /// copy mode on it.
  var isTheScreens: Bool { self == .screen || self == .prefix || self == .copy }

  /// Whether the command line is drawn in the compact bar's status row in this focus: while a
  /// line is typed or a question waits for its key; in the others the row shows the tabs.
  var opensStatusRow: Bool { self == .command || self == .confirm }
}

/// A question the command line asks (`search` without TEXT: `/` and `?` in copy mode;
/// docs/Contract.md, "Copy mode, buffers and the clipboard"): its prompt, then readline edits the
/// answer; Enter hands it to the question's answer, run as a command (its error in the panel) and
/// kept out of the history; Escape, or the focus leaving the command line, drops it. Either way
/// the keys go back where they were.
extension FullScreenSession {
  /// A question being asked.
  struct Question {
    /// The prompt.
    let prompt: String
    /// What the answer does.
    let answer: (Interpreter, String) throws -> Void
    /// Where the keys were.
    let focus: KeyFocus
  }

  /// The command line's prompt: the question's while one is asked, else the shell's.
  package var prompt: String { question?.prompt ?? host.prompt() }

  /// The question being asked, if any.
  var question: Question? {
    get { input.question }
    set { input.question = newValue }
  }

  package func ask(_ prompt: String, then answer: @escaping (Interpreter, String) throws -> Void) {
    question = Question(prompt: prompt, answer: answer, focus: focus == .command ? .bar : focus)
    focus = .command
    ReadlineBridge.removeLine()
    startLine(prompt: prompt)
  }

  /// The question goes unanswered: the line the user was typing before is gone, a fresh one with
  /// the prompt starts.
  func dropQuestion() {
    guard question != nil else { return }
    question = nil
    ReadlineBridge.removeLine()
    startLine()
  }

  /// Enter on the line of a question: its answer runs with the line; the keys go back where they
  /// were.
  func answerQuestion(_ line: String) {
    guard let asked = question else { return }
    question = nil
    focus = asked.focus
    run(title: asked.prompt + line) { interpreter in
      interpreter.runAsCommand { try asked.answer($0, line) }
    }
    if exit == nil { startLine() }
  }
}
