@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminal

/// The interpreter as the REPL sees it: a line at a time, the prompt, the bar line, completions.
///
/// It is the interpreter's host at the line prompt (``TabShellLanguage/InterpreterHost``): `tui`
/// asks it for the full-screen mode, which is the host while it runs. What a line prints goes to
/// ``output`` (the terminal's streams), or to the sink the full-screen mode gives
/// (``execute(_:to:)``).
///
/// Isolation: used only on the thread that runs the REPL (the interpreter's).
package final class LanguageREPLEngine: REPLEngine, InterpreterHost {
  package let interpreter: Interpreter
  /// Where a line typed at the line prompt prints (the interpreter's own sink for `nil`).
  package let output: (any OutputSink)?
  /// The environment, for whether the terminal can go full-screen.
  let environment: [String: String]
  let terminalWidth: (() -> Int?)?
  let flush: () -> Void

  package init(
    interpreter: Interpreter, output: (any OutputSink)? = nil, environment: [String: String] = [:],
    terminalWidth: (() -> Int?)? = nil, flush: @escaping () -> Void
  ) {
    self.interpreter = interpreter
    self.output = output
    self.environment = environment
    self.terminalWidth = terminalWidth
    self.flush = flush
  }

  /// `tui` asked for the full-screen mode: it starts once the line has run.
  private var wantsFullScreen = false

  /// Follows the terminal's width, when it has one and neither `--width` nor `size` fixed it.
  private func updateWidth() {
    guard !interpreter.view.sizeIsFixed else { return }
    if let width = terminalWidth?(), width > 0 { interpreter.view.renderOptions.width = width }
  }

  package var languageEngine: LanguageREPLEngine? { self }

  /// `tui`: the full-screen mode after this line, when the terminal can show it (the mode, once
  /// on, answers `tui` itself).
  package func enterFullScreen() throws(GestureError) {
    if let reason = TerminalMode.unavailability(environment: environment) {
      throw .fullScreenUnavailable(reason.description)
    }
    wantsFullScreen = true
  }

  package var prompt: String {
    "tabshell:\(Renderer.neutralized(interpreter.shell.visibleScreen?.id ?? "-"))> "
  }

  package var barLine: String? {
    updateWidth()
    let shell = interpreter.shell
    // After `show`, the frame just printed ends with the bar: not a second time.
    if interpreter.view.drewFrame || shell.isBarHidden || shell.tabCount == 0 { return nil }
    return Renderer.barLine(shell, options: interpreter.view.renderOptions)
  }

  package func execute(_ line: String) -> REPLAction { execute(line, to: output) }

  /// Runs a line typed, its output to `sink` (the interpreter's own for `nil`).
  package func execute(_ line: String, to sink: (any OutputSink)?) -> REPLAction {
    defer { flush() }
    updateWidth()
    interpreter.view.drewFrame = false
    wantsFullScreen = false
    switch interpreter.askingUser({ interpreter.runLine(line, to: sink) }) {
    case .exit(let status): return .exit(status)
    case .interrupted:
      // Ctrl-C stopped the command (or the hooks it set off): back to the prompt.
      Interpreter.interruption.store(false, ordering: .relaxed)
      (sink ?? interpreter.services.output).report(
        Diagnostic(
          file: nil, location: SourceLocation(line: 1, column: 1), error: .failed("interrupted")))
    default: break
    }
    return wantsFullScreen ? .fullScreen : .proceed
  }

  package func completions(line: String, wordStart: Int, wordEnd: Int) -> [String] {
    interpreter.completions(line: line, wordStart: wordStart, wordEnd: wordEnd)
  }

  package var backgroundDescriptors: [Int32] { interpreter.backgroundDescriptors }

  package var backgroundTimeout: Int32 { interpreter.backgroundTimeout }

  /// Applies the process plugins' requests and fires the screens' timers that are due (and runs
  /// the hooks they set off), with everything it
  /// prints kept for the REPL to show above the prompt.
  package func runBackground() -> BackgroundOutcome {
    interpreter.view.drewFrame = false
    let before = (barLine, prompt)
    var outcome = runBackgroundWork()
    outcome.redraw = before != (barLine, prompt)
    return outcome
  }

  /// ``runBackground()`` without its ``BackgroundOutcome/redraw``, for the full-screen mode,
  /// which draws its own frames: the bar line is not drawn before and after to compare (for a
  /// terminal tab's echo, that was an eighth of a key's CPU time).
  /// `ready`: the descriptors the wait found ready, when known.
  package func runBackgroundWork(ready: [Int32]? = nil) -> BackgroundOutcome {
    // A frame `show` drew has the bar in it; a change now draws the bar line under it.
    interpreter.view.drewFrame = false
    var outcome = BackgroundOutcome()
    let result = interpreter.runBackgroundWork(to: backgroundOutput, ready: ready)
    outcome.printed = backgroundOutput.take()
    if case .exit(let status) = result { outcome.exit = status }
    return outcome
  }

  /// Ctrl-D on an empty line leaves as `leave` does: it asks first while terminal tabs' programs
  /// run.
  package func endOfInput() -> REPLAction {
    let outcome = interpreter.askingUser {
      interpreter.runAsCommand(to: output) { try $0.leave() }
    }
    if case .exit(let status) = outcome { return .exit(status) }
    return .proceed
  }

  /// The question the last line or Ctrl-D left (see ``TabShellLanguage/Question``).
  private var question: Question?

  /// Where the background work prints (each run takes what it printed): one sink for every run,
  /// where a new one each run was an object made and freed at each echo.
  private let backgroundOutput = CollectedOutput()

  package func takeQuestion() -> (prompt: String, initial: String?)? {
    question = interpreter.takeQuestion()
    return question.map { ($0.prompt, $0.initial) }
  }

  package func answer(_ answer: String?) -> REPLAction {
    defer { question = nil }
    guard let question else { return .proceed }
    if case .exit(let status) = interpreter.answer(question, with: answer, to: output) {
      return .exit(status)
    }
    return .proceed
  }
}
