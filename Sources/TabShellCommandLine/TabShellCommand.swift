import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellPlatform
import TabShellRendering
import TabShellSessionServer
import TabShellSessions
import TabShellTerminal
import TabShellTestRunner

/// The `tabshell` command (docs/Contract.md, "The command line"): the one entry point of the program and of in-process tests.
package enum TabShellCommand {
  /// Runs the command line; returns the exit status (0 success, 1 failure, 2 usage or syntax error).
  /// Output that could not be written (a full disk) is a failure, said on stderr; a reader that went
  /// away (a closed pipe) is a failure said to no one. `ended` is told how a script's run ended and
  /// what its checks counted (the test runner's children report it).
  package static func main(
    _ process: ProcessContext, ended: (Interpreter.Outcome, Checks) -> Void = { _, _ in }
  ) -> Int32 {
    var status = ScriptSignals.finish(run(process, ended: ended), writeError: process.writeError)
    process.flush()
    if let code = process.outputFailure() {
      if SystemError(code: code) != .brokenPipe {
        process.writeError("error: cannot write the output: \(SystemError(code: code))\n")
      }
      if status == 0 { status = 1 }
    }
    return status
  }

  /// Runs the command line; `ended` is told how a script's run ended, and what its checks counted.
  static func run(
    _ process: ProcessContext, ended: (Interpreter.Outcome, Checks) -> Void = { _, _ in }
  ) -> Int32 {
    do throws(SessionUsageError) {
      if let invocation = try SessionInvocation.parse(process.arguments) {
        ScriptSignals.settle(interactive: false)
        return runSessionCommand(invocation, process)
      }
    } catch {
      process.writeError("error: \(error)\n")
      return 2
    }
    let options: CommandLineOptions
    do throws(CommandLineError) {
      options = try CommandLineOptions.parse(process.arguments)
    } catch {
      process.writeError("error: \(error)\n")
      return 2
    }
    let interactive = runsREPL(options, process)
    // Ctrl-C never ends an interactive shell, from its start-up (plugins, the start-up file) on.
    ScriptSignals.settle(interactive: interactive)
    if options.help {
      for line in CommandLineOptions.helpText { process.writeOutput(line + "\n") }
      return 0
    }
    if let warning = options.misplacedOptionsWarning { process.writeError(warning + "\n") }
    if options.version {
      process.writeOutput(CommandLineOptions.version + "\n")
      return 0
    }
    if options.fullScreen, let problem = fullScreenProblem(options, process) {
      process.writeError("error: --tui: \(problem)\n")
      return 2
    }
    if let session = options.session { return SessionStarter.start(session, options, process) }
    if options.writeStartupFile { return writeStartupFile(process) }
    if let name = options.print {
      guard let text = InstallFiles.text(of: name) else {
        process.writeError(
          "error: --print takes " + InstallFiles.names.joined(separator: ", ") + ", not '\(name)'\n"
        )
        return 2
      }
      process.writeOutput(text)
      return 0
    }
    if let test = options.test {
      return TestCommand.run(test, options, process) { main($0, ended: $1) }
    }
    if options.record != nil,
      options.commands != nil || options.file != nil || options.checkOnly
        || !process.stdinIsTerminal
    {
      process.writeError("error: --record works with the interactive REPL only\n")
      return 2
    }
    if options.cast != nil, !runsREPL(options, process) {
      process.writeError("error: --cast records the full-screen mode: it works with --tui only\n")
      return 2
    }
    let interpreter = ShellStartup.makeInterpreter(options, process)
    defer {
      interpreter.endBackgroundSources()
      interpreter.plugins.shutdown()
      if options.summary, let summary = interpreter.checks.summary {
        process.writeError(summary + "\n")
      }
    }
    // Explicit plugins first: a copy of one in the plugin folder is then the one left out.
    for path in options.plugins {
      do throws(PluginLoadError) {
        try interpreter.plugins.load(path: interpreter.resolve(path), source: path)
      } catch {
        process.writeError("error: --plugin \(Renderer.neutralized(path)): \(error)\n")
        return 1
      }
    }
    if !options.noStartupFile, !options.noPluginFolder {
      ShellStartup.loadInstalledPlugins(
        into: interpreter.plugins, explicit: options.plugins, process)
    }
    if let commands = options.commands {
      return runScript(
        commands, file: "-c", directory: process.currentDirectory, interpreter, options, ended)
    }
    if let file = options.file {
      let path = interpreter.resolve(file)
      let text: String
      do throws(LanguageError) {
        text = try Interpreter.readText(path, name: file)
      } catch {
        process.writeError("error: \(error)\n")
        return 2
      }
      return runScript(
        text, file: file, directory: Interpreter.directory(of: path), interpreter, options, ended)
    }
    if !interactive {
      let text: String
      do throws(LanguageError) {
        text = try process.readStandardInput()
      } catch {
        process.writeError("error: \(error)\n")
        return 2
      }
      return runScript(
        text, file: "<stdin>", directory: process.currentDirectory, interpreter, options, ended)
    }
    return runREPL(interpreter, options, process)
  }

  /// Whether the command line runs the interactive REPL: no other command (`--help`, `--test`,
  /// `--session`...), no script (`-c`, FILE, `--check`), and standard input a terminal.
  static func runsREPL(_ options: CommandLineOptions, _ process: ProcessContext) -> Bool {
    let otherCommand =
      options.help || options.version || options.session != nil || options.writeStartupFile
      || options.print != nil || options.test != nil
    let script = options.commands != nil || options.file != nil || options.checkOnly
    return !otherCommand && !script && process.stdinIsTerminal
  }

  /// Why `--tui` cannot run: with a script, or without a terminal it can draw on.
  static func fullScreenProblem(_ options: CommandLineOptions, _ process: ProcessContext) -> String?
  {
    if options.commands != nil || options.file != nil || options.checkOnly {
      return "the full-screen mode is interactive; it runs no script (-c, FILE, --check)"
    }
    guard process.stdinIsTerminal, process.stdoutIsTerminal else {
      return TerminalUnavailable.notATerminal.description
    }
    guard let term = process.environment["TERM"], !term.isEmpty else {
      return TerminalUnavailable.noTerm.description
    }
    return term == "dumb" ? TerminalUnavailable.dumbTerminal.description : nil
  }

  /// Parses the whole script, then runs it (or, with `--check`, only reports its errors).
  static func runScript(
    _ text: String, file: String, directory: String, _ interpreter: Interpreter,
    _ options: CommandLineOptions, _ ended: (Interpreter.Outcome, Checks) -> Void
  ) -> Int32 {
    let script = interpreter.parse(text, file: file, directory: directory)
    if options.checkOnly {
      script.diagnostics.forEach(interpreter.report)
      return script.diagnostics.isEmpty ? 0 : 2
    }
    // With --artifacts, the run is recorded, and what it left is kept when it failed.
    let artifacts = options.artifacts.map {
      $0.hasPrefix("/") ? $0 : interpreter.settings.currentDirectory + "/" + $0
    }
    if let artifacts {
      do {
        try interpreter.startArtifacts(in: artifacts)
      } catch {
        interpreter.report(
          Diagnostic(
            file: nil, location: SourceLocation(line: 1, column: 1),
            error: .failed("--artifacts: \(error)")))
        return 1
      }
    }
    let outcome = interpreter.run(script)
    if let artifacts { interpreter.finishArtifacts(in: artifacts, failed: outcome != .success) }
    ended(outcome, interpreter.checks)
    WholeProcess.keepUntilExit(script)
    return outcome.status
  }
}
