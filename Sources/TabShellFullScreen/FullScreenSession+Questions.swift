import CReadline
import TabShellHost
import TabShellKit
import TabShellLanguage

/// Questions on the command line (docs/Contract.md, "A terminal workspace"): what a command left
/// for the user (``TabShellLanguage/Question``), asked as tmux asks (`confirm-before`,
/// `command-prompt`). A yes or no takes one key in the `confirm` focus: `y` says yes, any other
/// key no. A line (`rename-tab` without a title) is edited on the command line with the question
/// as its prompt and what it fills in on it: Enter answers, an empty line, Ctrl-C, Esc or the
/// focus leaving the command line drop it. Then the keys go back where they were.
extension FullScreenSession {
  /// Asks the question the command that ran left, if any.
  func askQuestionLeft() {
    guard exit == nil, let question = interpreter.takeQuestion() else { return }
    let back = asked?.back ?? (focus == .confirm ? .bar : focus)
    asked = AskedQuestion(question: question, back: back)
    guard let initial = question.initial else {
      focus = .confirm
      return
    }
    focus = .command
    ReadlineBridge.removeLine()
    startLine(text: initial, point: initial.utf8.count, prompt: question.prompt)
  }

  /// A key in the `confirm` focus: `y` says yes, any other key no.
  func answerYesOrNo(_ key: Key) {
    guard let asked else { return }
    self.asked = nil
    focus = asked.back
    let yes = key.modifiers.isEmpty && (key.character == "y" || key.character == "Y")
    answer(asked.question, with: yes ? "y" : "n")
  }

  /// A line readline delivered while a question for a line is asked (`nil`: Ctrl-D): it answers;
  /// the command line prompts for commands again.
  func answerLine(_ line: String?) {
    guard let asked else { return }
    self.asked = nil
    focus = asked.back
    answer(asked.question, with: line)
    if exit == nil { startLine() }
  }

  /// A question whose focus the keys left (Esc, a click elsewhere) is dropped, unanswered: the
  /// command line prompts for commands again.
  func settleQuestion() {
    guard let asked else { return }
    let stillAsked = asked.question.isYesOrNo ? focus == .confirm : focus == .command
    guard !stillAsked else { return }
    self.asked = nil
    if !asked.question.isYesOrNo { startLine() }
  }

  /// Drops the question for a line being asked (Ctrl-C): the keys go back where they were.
  func dropLineQuestion() -> Bool {
    guard let asked, !asked.question.isYesOrNo else { return false }
    self.asked = nil
    focus = asked.back
    startLine()
    return true
  }

  private func answer(_ question: TabShellLanguage.Question, with answer: String?) {
    guard question.accepts(answer) else { return }
    run(title: question.line(answer ?? "y")) { $0.answer(question, with: answer) }
  }
}
