import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The `tabshell` command (docs/Contract.md, "The command line"): the one entry point of the program and of in-process tests.
package enum TabShellCommand {
  /// Runs the command line; returns the exit status (0 success, 1 failure, 2 usage or syntax error).
  /// Output that could not be written (a full disk) is a failure, said on stderr; a reader that went
  /// away (a closed pipe) is a failure said to no one.
  package static func main(_ process: ProcessContext) -> Int32 {
    var status = ScriptSignals.finish(run(process), writeError: process.writeError)
    process.flush()
    if let code = process.outputFailure() {
      if code != EPIPE {
        process.writeError("error: cannot write the output: \(SystemError(code: code))\n")
      }
      if status == 0 { status = 1 }
    }
    return status
  }

  static func run(_ process: ProcessContext) -> Int32 {
    let options: CommandLineOptions
    do throws(CommandLineError) {
      options = try CommandLineOptions.parse(process.arguments)
    } catch {
      process.writeError("error: \(error)\n")
      return 2
    }
    if options.help {
      for line in CommandLineOptions.helpText { process.writeOutput(line + "\n") }
      return 0
    }
    if options.version {
      process.writeOutput(CommandLineOptions.version + "\n")
      return 0
    }
    if options.fullScreen, let problem = fullScreenProblem(options, process) {
      process.writeError("error: --tui: \(problem)\n")
      return 2
    }
    let interpreter = makeInterpreter(options, process)
    if !options.noStartupFile { loadInstalledPlugins(into: interpreter.shell, process) }
    for path in options.plugins {
      do {
        let plugin = try PluginLoader.load(path: interpreter.resolve(path))
        try interpreter.shell.register(
          plugin, source: path, reservedCommands: Interpreter.builtinCommandNames)
      } catch {
        process.writeError("error: --plugin \(path): \(error)\n")
        return 1
      }
    }
    if let commands = options.commands {
      return runScript(
        commands, file: "-c", directory: process.currentDirectory, interpreter, options)
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
        text, file: file, directory: Interpreter.directory(of: path), interpreter, options)
    }
    if !process.stdinIsTerminal || options.checkOnly {
      let text: String
      do throws(LanguageError) {
        text = try process.readStandardInput()
      } catch {
        process.writeError("error: \(error)\n")
        return 2
      }
      return runScript(
        text, file: "<stdin>", directory: process.currentDirectory, interpreter, options)
    }
    return runREPL(interpreter, options, process)
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

  /// Loads every plugin in the user's plugin folder (`$XDG_DATA_HOME/tabshell/plugins/*.so`). One
  /// that fails to load is reported on a line of its own, and the shell starts anyway.
  static func loadInstalledPlugins(into shell: Shell, _ process: ProcessContext) {
    guard let folder = PluginLoader.defaultPluginDirectory(environment: process.environment) else {
      return
    }
    for (path, result) in PluginLoader.loadAll(in: folder) {
      do {
        try shell.register(
          result.get(), source: path, reservedCommands: Interpreter.builtinCommandNames)
      } catch {
        process.writeError("warning: \(error) (skipped)\n")
      }
    }
  }

  /// A shell with the built-in plugin, and an interpreter on it that writes to the process's streams.
  static func makeInterpreter(_ options: CommandLineOptions, _ process: ProcessContext)
    -> Interpreter
  {
    let shell = Shell()
    try? shell.register(BuiltinPlugin(), source: "built-in")
    // A width past RenderOptions.maximumWidth (a huge $COLUMNS) is drawn at that maximum.
    let width =
      options.width ?? process.terminalWidth.flatMap { $0 > 0 ? $0 : nil }
      ?? process.environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    let color = Renderer.detectColorMode(
      environment: process.environment, isTerminal: process.stdoutIsTerminal,
      forcedOff: options.noColor)
    let write = process.writeOutput
    let writeError = process.writeError
    let interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(width: max(1, width), color: color),
      currentDirectory: process.currentDirectory,
      output: { line in
        write(line)
        write("\n")
      },
      report: { writeError("\($0)\n") })
    interpreter.keepGoing = options.keepGoing
    interpreter.scriptArguments = options.scriptArguments
    return interpreter
  }

  /// Parses the whole script, then runs it (or, with `--check`, only reports its errors).
  static func runScript(
    _ text: String, file: String, directory: String, _ interpreter: Interpreter,
    _ options: CommandLineOptions
  ) -> Int32 {
    let script = interpreter.parse(text, file: file, directory: directory)
    if options.checkOnly {
      script.diagnostics.forEach(interpreter.report)
      return script.diagnostics.isEmpty ? 0 : 2
    }
    let status = interpreter.run(script).status
    WholeProcess.keepUntilExit(script)
    return status
  }
}
