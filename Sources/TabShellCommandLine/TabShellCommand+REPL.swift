import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellREPL
import TabShellRendering
import TabShellTerminal

extension TabShellCommand {
  /// The interactive REPL: the start-up file (or the `demo` layout), then readline.
  static func runREPL(
    _ interpreter: Interpreter, _ options: CommandLineOptions, _ process: ProcessContext
  ) -> Int32 {
    // Messages fit the terminal, broken at blanks as help is, so that a narrow one cuts no word.
    // The message rule first, then broken to the terminal's width (the broken lines unindented).
    let writeError = { (text: String) in
      process.errorSink(ShellStartup.fittedToTerminal(Renderer.message(text)))
    }
    let output = ProcessOutput(process, fittingErrors: true)
    // With --tui, a terminal tab the start-up file adds starts at the region it will have in the
    // full-screen mode.
    if options.fullScreen, let size = Renderer.terminalSize(fd: 1) {
      ShellStartup.startTabsFullScreen(interpreter, size: size)
    }
    let startupStatus = ShellStartup.runStartup(
      interpreter, options, process, output: output, writeError: writeError)
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
    defer { ShellStartup.finishRecording(interpreter, writeError) }
    process.flush()
    // Without --width, the width follows the terminal: read again before each prompt and command,
    // so a resized window (SIGWINCH) is drawn at its new width.
    let terminalWidth: (() -> Int?)? =
      options.width == nil && process.stdoutIsTerminal
      ? { Renderer.terminalWidth(fd: 1) } : nil
    let engine = LanguageREPLEngine(
      interpreter: interpreter, output: output, environment: process.environment,
      terminalWidth: terminalWidth, flush: process.flush)
    interpreter.host = engine
    // --cast: the recording of the full-screen mode, its header the terminal's size now.
    var cast: CastFile?
    if let name = options.cast {
      let size = Renderer.terminalSize(fd: 1) ?? (columns: 80, rows: 24)
      do throws(LanguageError) {
        cast = try CastFile(
          path: name.hasPrefix("/") ? name : process.currentDirectory + "/" + name, name: name,
          columns: size.columns, rows: size.rows)
      } catch {
        writeError("error: --cast: \(error)\n")
        return 1
      }
    }
    defer { cast?.close() }
    let status = InteractiveREPL.run(
      engine: engine,
      historyPath: InteractiveREPL.defaultHistoryPath(environment: process.environment),
      options: InteractiveREPL.Options(fullScreen: options.fullScreen), cast: cast)
    // The REPL dealt with its interrupts (a SIGTERM sets the flag too): its status stands.
    Interpreter.interruption.store(false, ordering: .relaxed)
    return status
  }
}
