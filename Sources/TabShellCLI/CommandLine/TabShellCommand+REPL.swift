@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

extension TabShellCommand {
  /// The interactive REPL: the start-up file (or the `demo` layout), then readline.
  static func runREPL(
    _ interpreter: Interpreter, _ options: CommandLineOptions, _ process: ProcessContext
  ) -> Int32 {
    // Messages fit the terminal, broken at blanks as help is, so that a narrow one cuts no word.
    // The message rule first, then broken to the terminal's width (the broken lines unindented).
    let writeError = { (text: String) in process.errorSink(fittedToTerminal(Renderer.message(text)))
    }
    interpreter.report = { writeError("\($0)\n") }
    // With --tui, a terminal tab the start-up file adds starts at the region it will have in the
    // full-screen mode.
    if options.fullScreen, let size = Renderer.terminalSize(fd: 1) {
      startTabsFullScreen(interpreter, size: size)
    }
    let startupStatus = runStartup(interpreter, options, process, writeError: writeError)
    interpreter.view.fullScreenToCome = nil
    if let startupStatus { return startupStatus }
    // A Ctrl-C during the start-up stopped it: the first command is not interrupted by it.
    Interpreter.interruption.store(false, ordering: .relaxed)
    if let record = options.record {
      do throws(LanguageError) {
        try interpreter.startRecording(record)
      } catch {
        writeError("error: \(error)\n")
        return 1
      }
    }
    defer { finishRecording(interpreter, writeError) }
    process.flush()
    // Without --width, the width follows the terminal: read again before each prompt and command,
    // so a resized window (SIGWINCH) is drawn at its new width.
    let terminalWidth: (() -> Int?)? =
      options.width == nil && process.stdoutIsTerminal
      ? { Renderer.terminalWidth(fd: 1) } : nil
    let engine = LanguageREPLEngine(
      interpreter: interpreter, terminalWidth: terminalWidth, flush: process.flush)
    let environment = process.environment
    interpreter.enterFullScreen = { [unowned engine] () throws(GestureError) in
      try engine.requestFullScreen(environment: environment)
    }
    let status = InteractiveREPL.run(
      engine: engine,
      historyPath: InteractiveREPL.defaultHistoryPath(environment: process.environment),
      options: InteractiveREPL.Options(fullScreen: options.fullScreen))
    // The REPL dealt with its interrupts (a SIGTERM sets the flag too): its status stands.
    Interpreter.interruption.store(false, ordering: .relaxed)
    return status
  }

  /// The start-up file (or, without one, the `demo` layout with a line saying so), as the REPL and
  /// a session's server run it; returns a status when the file ran `exit`.
  static func runStartup(
    _ interpreter: Interpreter, _ options: CommandLineOptions, _ process: ProcessContext,
    writeError: (String) -> Void
  ) -> Int32? {
    var ranStartup = false
    // A start-up file that is there but cannot be read is said, not taken for a missing one.
    if !options.noStartupFile, let path = startupFile(process.environment),
      FileStatus.of(path) != nil
    {
      do throws(LanguageError) {
        let text = try Interpreter.readText(path, name: path)
        ranStartup = true
        let outcome = interpreter.run(
          interpreter.parse(text, file: path, directory: Interpreter.directory(of: path)))
        if case .exit(let status) = outcome { return status }
      } catch {
        writeError("error: \(error)\n")
      }
    }
    if !ranStartup {
      do {
        try interpreter.shell.apply(layout: "demo")
        writeError(
          "\(CommandLineOptions.version), demo layout: 'help' lists commands, Ctrl-D leaves\n"
            + "(no start-up file: 'tabshell --init' writes one you can edit)\n")
      } catch {
        writeError("error: \(error)\n")
      }
    } else if interpreter.shell.tabCount == 0 {
      // A start-up file replaces the demo; one that makes no tabs leaves an empty bar.
      writeError("note: the start-up file made no tabs; 'layout demo' brings the demo back\n")
    }
    return nil
  }

  /// Makes the terminal tabs added from now on (by the start-up file) start at the region they
  /// will have in the full-screen mode on a terminal of `size`: its size, the command line's row
  /// kept. `interpreter.view.fullScreenToCome = nil` ends it.
  static func startTabsFullScreen(_ interpreter: Interpreter, size: (columns: Int, rows: Int)) {
    var toCome = interpreter.view.renderOptions
    (toCome.width, toCome.height, toCome.reservedRows) = (size.columns, size.rows, 1)
    interpreter.view.fullScreenToCome = toCome
  }

  /// Ends a recording still under way when the REPL ends, with the checks of the final state.
  static func finishRecording(_ interpreter: Interpreter, _ writeError: (String) -> Void) {
    guard interpreter.recorder != nil else { return }
    do throws(LanguageError) {
      try interpreter.stopRecording()
    } catch {
      writeError("error: \(error)\n")
    }
  }

  /// `text` with each line wider than the terminal on stderr broken at blanks; unchanged when
  /// stderr is not a terminal (a log or a pipe keeps whole lines).
  static func fittedToTerminal(_ text: String) -> String {
    guard TerminalDevice.isTerminal(2), let width = Renderer.terminalWidth(fd: 2), width >= 20
    else {
      return text
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.contains(where: { displayWidth(of: $0) > width }) else { return text }
    let ending = lines.last == "" ? lines.removeLast() : nil
    return Help.wrap(lines, width: width).joined(separator: "\n") + (ending.map { _ in "\n" } ?? "")
  }

  /// `$XDG_CONFIG_HOME/tabshell/init.tabsh`, else `$HOME/.config/tabshell/init.tabsh`; `nil` with
  /// neither absolute (see ``TabShellPlatform/BaseDirectories``).
  static func startupFile(_ environment: [String: String]) -> String? {
    BaseDirectories.path(.config, "tabshell/init.tabsh", environment: environment)
  }
}

/// The interpreter as the REPL sees it: a line at a time, the prompt, the bar line, completions.
///
/// Isolation: used only on the thread that runs the REPL (the interpreter's).
final class LanguageREPLEngine: REPLEngine {
  let interpreter: Interpreter
  let terminalWidth: (() -> Int?)?
  let flush: () -> Void

  init(interpreter: Interpreter, terminalWidth: (() -> Int?)? = nil, flush: @escaping () -> Void) {
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

  var fullScreenInterpreter: Interpreter? { interpreter }

  /// `tui`: the full-screen mode after this line, when the terminal can show it.
  func requestFullScreen(environment: [String: String]) throws(GestureError) {
    if FullScreenReadline.isInstalled {
      throw .fullScreenUnavailable(
        "the full-screen mode is on already (Ctrl-X Ctrl-A goes back to the line prompt)")
    }
    if let reason = TerminalMode.unavailability(environment: environment) {
      throw .fullScreenUnavailable(reason.description)
    }
    wantsFullScreen = true
  }

  var prompt: String {
    "tabshell:\(Renderer.neutralized(interpreter.shell.visibleScreen?.id ?? "-"))> "
  }

  var barLine: String? {
    updateWidth()
    let shell = interpreter.shell
    // After `show`, the frame just printed ends with the bar: not a second time.
    if interpreter.view.drewFrame || shell.isBarHidden || shell.tabCount == 0 { return nil }
    return Renderer.barLine(shell, options: interpreter.view.renderOptions)
  }

  func execute(_ line: String) -> REPLAction {
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

  func completions(line: String, wordStart: Int, wordEnd: Int) -> [String] {
    interpreter.completions(line: line, wordStart: wordStart, wordEnd: wordEnd)
  }

  var backgroundDescriptors: [Int32] { interpreter.backgroundDescriptors }

  var backgroundTimeout: Int32 { interpreter.backgroundTimeout }

  /// Applies the process plugins' requests and fires the screens' timers that are due (and runs
  /// the hooks they set off), with everything it
  /// prints kept for the REPL to show above the prompt.
  func runBackground() -> BackgroundOutcome {
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
