import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import TabShellPlatform
import TabShellRPC
import TabShellRendering

/// How the shell starts, for every program that runs one (the command line, a session's server,
/// the test runner): the interpreter on a shell with the built-in plugin, the plugin folder, the
/// start-up file.
package enum ShellStartup {
  /// Loads every plugin in the user's plugin folder (`$XDG_DATA_HOME/tabshell/plugins`: each
  /// `*.so`, and each executable file as a process plugin). One that fails to load is reported on
  /// a line of its own, and the shell starts anyway; one that an explicit `--plugin` provides
  /// already is left out, with a warning that names both files.
  package static func loadInstalledPlugins(
    into plugins: PluginHost, explicit: [String], _ process: ProcessContext
  ) {
    guard let folder = PluginLoader.defaultPluginDirectory(environment: process.environment) else {
      return
    }
    for path in PluginHost.pluginFiles(in: folder) {
      do throws(PluginLoadError) {
        try plugins.load(path: path)
      } catch .nameTaken(_, "plugin", let name, _, let source) where explicit.contains(source) {
        process.writeError(
          "warning: plugin '\(name)' in the plugin folder ('\(path)') is not loaded: --plugin "
            + "'\(source)' provides it and takes precedence (--no-plugins skips the folder)\n")
      } catch .alreadyLoaded {
        continue  // The same file as a --plugin (a link to it).
      } catch {
        process.writeError("warning: \(error) (skipped)\n")
      }
    }
  }

  /// A shell with the built-in plugin, and an interpreter on it that writes to the process's streams.
  package static func makeInterpreter(_ options: CommandLineOptions, _ process: ProcessContext)
    -> Interpreter
  {
    let shell = Shell()
    let builtin = HostBuiltinPlugin()
    try? shell.register(builtin, source: "built-in")
    // A width past RenderOptions.maximumWidth (a huge $COLUMNS) is drawn at that maximum.
    let width =
      options.width ?? process.terminalWidth.flatMap { $0 > 0 ? $0 : nil }
      ?? process.environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    let color = Renderer.detectColorMode(
      environment: process.environment, isTerminal: process.stdoutIsTerminal,
      forcedOff: options.noColor)
    var renderOptions = RenderOptions(width: max(1, width), color: color)
    renderOptions.styleFeatures = TerminalStyleFeatures.detect(environment: process.environment)
    let interpreter = Interpreter(
      shell: shell, renderOptions: renderOptions,
      currentDirectory: process.currentDirectory, output: ProcessOutput(process))
    builtin.startPrograms(in: interpreter)
    interpreter.settings.keepGoing = options.keepGoing
    interpreter.checks.updateSnapshots = options.updateSnapshots
    interpreter.settings.arguments = options.scriptArguments
    let environment = process.environment
    interpreter.settings.environment = { environment[$0] }
    interpreter.plugins.limits = RPCLimits(timeout: options.pluginTimeout)
    interpreter.plugins.hostVersion = String(
      CommandLineOptions.version.dropFirst("tabshell ".count))
    return interpreter
  }

  /// The start-up file (or, without one, the `demo` layout with a line saying so), as the REPL and
  /// a session's server run it, its output to `output` (the interpreter's own for `nil`); returns
  /// a status when the file ran `exit`.
  package static func runStartup(
    _ interpreter: Interpreter, _ options: CommandLineOptions, _ process: ProcessContext,
    output: (any OutputSink)? = nil, writeError: (String) -> Void
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
          interpreter.parse(text, file: path, directory: Interpreter.directory(of: path)),
          to: output)
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
  package static func startTabsFullScreen(
    _ interpreter: Interpreter, size: (columns: Int, rows: Int)
  ) {
    var toCome = interpreter.view.renderOptions
    (toCome.width, toCome.height, toCome.reservedRows) = (size.columns, size.rows, 1)
    interpreter.view.fullScreenToCome = toCome
  }

  /// Ends a recording still under way when the REPL ends, with the checks of the final state.
  package static func finishRecording(_ interpreter: Interpreter, _ writeError: (String) -> Void) {
    guard interpreter.recorder != nil else { return }
    do throws(LanguageError) {
      try interpreter.stopRecording()
    } catch {
      writeError("error: \(error)\n")
    }
  }

  /// `text` with each line wider than the terminal on stderr broken at blanks; unchanged when
  /// stderr is not a terminal (a log or a pipe keeps whole lines).
  package static func fittedToTerminal(_ text: String) -> String {
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
  package static func startupFile(_ environment: [String: String]) -> String? {
    BaseDirectories.path(.config, "tabshell/init.tabsh", environment: environment)
  }
}
