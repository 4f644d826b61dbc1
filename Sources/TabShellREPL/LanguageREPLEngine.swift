import TabShellFullScreen
import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellRendering
import TabShellTerminal

/// The interpreter as the REPL sees it: a line at a time, the prompt, the bar line, completions.
///
/// Isolation: used only on the thread that runs the REPL (the interpreter's).
package final class LanguageREPLEngine: REPLEngine {
  let interpreter: Interpreter
  let terminalWidth: (() -> Int?)?
  let flush: () -> Void

  package init(
    interpreter: Interpreter, terminalWidth: (() -> Int?)? = nil, flush: @escaping () -> Void
  ) {
    self.interpreter = interpreter
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

  package var fullScreenInterpreter: Interpreter? { interpreter }

  /// `tui`: the full-screen mode after this line, when the terminal can show it.
  package func requestFullScreen(environment: [String: String]) throws(GestureError) {
    if FullScreenReadline.isInstalled {
      throw .fullScreenUnavailable(
        "the full-screen mode is on already (Ctrl-X Ctrl-A goes back to the line prompt)")
    }
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

  package func execute(_ line: String) -> REPLAction {
    defer { flush() }
    updateWidth()
    interpreter.view.drewFrame = false
    wantsFullScreen = false
    switch interpreter.runLine(line) {
    case .exit(let status): return .exit(status)
    case .interrupted:
      // Ctrl-C stopped the command (or the hooks it set off): back to the prompt.
      Interpreter.interruption.store(false, ordering: .relaxed)
      interpreter.report(
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
    // A frame `show` drew has the bar in it; a change now draws the bar line under it.
    interpreter.view.drewFrame = false
    let before = (barLine, prompt)
    var outcome = BackgroundOutcome()
    let saved = (interpreter.output, interpreter.report, interpreter.plugins.writeError)
    interpreter.output = {
      outcome.printed.append(PrintedText(toStandardError: false, text: $0 + "\n"))
    }
    interpreter.report = {
      outcome.printed.append(PrintedText(toStandardError: true, text: "\($0)\n"))
    }
    interpreter.plugins.writeError = {
      outcome.printed.append(PrintedText(toStandardError: true, text: $0))
    }
    let result = interpreter.runBackgroundWork()
    (interpreter.output, interpreter.report, interpreter.plugins.writeError) = saved
    if case .exit(let status) = result { outcome.exit = status }
    outcome.redraw = before != (barLine, prompt)
    return outcome
  }
}
