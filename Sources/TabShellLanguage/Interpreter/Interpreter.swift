@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellPlatform
import TabShellRendering

/// Runs parsed commands on a ``Shell``: the context every built-in command works on.
///
/// Its state is in a few named parts: the run under way (``RunState``), the script's settings
/// (``ScriptSettings``), the key bindings (``KeyBindings``), the trace and the hooks
/// (``Observation``), the checks, the recording, the view, and what the host registered
/// (``HostServices``). What a run prints goes to the ``OutputSink`` it is handed
/// (``run(_:to:)``, ``runLine(_:to:)``, ``runBackgroundWork(to:)``, ``runAsCommand(to:_:)``), else
/// to its host's, else to the one the interpreter was made with; the program that runs it answers for `tui`,
/// `detach`, waits and the full-screen mode's commands as its ``InterpreterHost``. Nothing outside
/// swaps either.
///
/// Isolation: like its shell, an interpreter belongs to the thread that made it.
package final class Interpreter {
  /// The shell the commands change.
  package let shell: Shell
  /// The plugins loaded at run time; process plugins' requests and faults are applied after each
  /// command.
  package let plugins: PluginHost
  /// The program that runs the interpreter: `tui`, `detach`, what waits draw, the full-screen
  /// mode's commands. `nil`: none of them (a script).
  package weak var host: (any InterpreterHost)? {
    didSet { hostObservesGestures = host?.observesGestures == true }
  }
  /// The host's ``InterpreterHost/observesGestures``, read once when it is set: a key handed to
  /// a screen asks it, and the host, weakly held, was loaded through the runtime at each key.
  private(set) var hostObservesGestures = false
  /// How the shell is drawn and where its bar is scrolled, kept from command to command.
  package var view: ViewState
  /// The pane area last measured from ``view`` and the shell (``syncPaneArea()``).
  var paneAreaSync = PaneAreaSync()
  /// What the host's built-in plugins reach it by, in place of weak references (``OwnerLink``:
  /// the interpreter is retained and released many times a key).
  package private(set) lazy var link = OwnerLink(self)

  deinit { link.clear() }
  /// The folder, `--keep-going` and the arguments scripts run with.
  package var settings: ScriptSettings
  /// What `expect` counts and reads, and whether `expect frame` writes its snapshots.
  package var checks = Checks()
  /// The recording under way (`record FILE`), if any.
  package var recorder: Recorder?
  /// The key bindings of the full-screen mode's focuses.
  package var keys = KeyBindings()
  /// The paste buffers: copies, `set-buffer`, `load-buffer`.
  package var buffers = PasteBuffers()
  /// What watches the shell: the trace, the hooks, a screen's recording.
  var observation = Observation()
  /// Where the run under way is and prints: the script, its nesting, whether anything failed, the
  /// sink it was handed.
  var state = RunState()
  /// What the host registered: where output goes by default, the work it takes in while the
  /// shell waits, and the parameters it adds to the screens commands make.
  package var services: HostServices
  /// The built-in commands (kept here: a command run reaches them without a global's lazy check).
  let table = CommandTable.standard

  /// How deep `source` may nest.
  package static let sourceLimit = 64

  /// Makes an interpreter for a shell, its runs printing to `output` unless they name a sink.
  package init(
    shell: Shell, renderOptions: RenderOptions = RenderOptions(), currentDirectory: String,
    output: any OutputSink
  ) {
    self.shell = shell
    plugins = PluginHost(shell: shell)
    plugins.reservedCommands = Self.builtinCommandNames
    view = ViewState(renderOptions: renderOptions)
    settings = ScriptSettings(currentDirectory: currentDirectory)
    services = HostServices(output: output)
    // What process plugins write on their standard error goes where the run under way prints.
    plugins.writeError = { [unowned self] in self.sink.relay($0) }
    keys.table = defaultKeyTable()
  }

  /// Where the run under way prints: the sink it was handed, else the host's
  /// (``InterpreterHost/output``), else the one the interpreter was made with.
  var sink: any OutputSink { state.sink ?? host?.output ?? services.output }

  /// Runs `body` with its output to `sink` (for `nil`, where it went), then puts back the sink of
  /// the run it is part of.
  package func printing<Result>(
    to sink: (any OutputSink)?, _ body: () throws -> Result
  ) rethrows -> Result {
    guard let sink else { return try body() }
    let outer = state.sink
    state.sink = sink
    defer { state.sink = outer }
    return try body()
  }

  /// Prints one line of a command's output (without its newline) to the run's sink.
  package func output(_ line: String) { sink.printLine(line) }

  /// Reports an error to the run's sink.
  package func report(_ diagnostic: Diagnostic) { sink.report(diagnostic) }

  /// The names of the built-in commands, which screen commands may not take.
  package static var builtinCommandNames: Set<String> { Set(CommandTable.standard.names) }

  /// A parser for the built-in commands and the commands of the screen types registered now.
  var parser: Parser {
    let shell = shell
    return Parser(
      table: table, screenCommands: Set(shell.screenTypes.flatMap { $0.commands.map(\.name) }),
      screenType: { name in shell.screenTypes.first { $0.name == name } },
      substitution: Substitution(arguments: settings.arguments))
  }

  /// Parses a whole script.
  package func parse(_ source: String, file: String?, directory: String? = nil) -> Script {
    parser.parse(source, file: file, directory: directory ?? settings.currentDirectory)
  }

  /// How a run ended.
  package enum Outcome: Equatable, Sendable {
    /// Every command succeeded.
    case success
    /// Syntax errors: nothing ran.
    case syntaxError
    /// A command failed (the script stopped there unless ``Interpreter/settings.keepGoing``).
    case failure
    /// `exit` or `quit` with this status.
    case exit(Int32)
    /// An interrupt (Ctrl-C) stopped it between two commands (status 130).
    case interrupted

    /// The process exit status for this outcome.
    package var status: Int32 {
      switch self {
      case .success: 0
      case .syntaxError: 2
      case .failure: 1
      case .exit(let status): status
      case .interrupted: 130
      }
    }
  }

  /// How many syntax errors a script's report holds at most; past them parsing stops with
  /// `too many errors (100); stopped checking here`.
  package static var syntaxErrorLimit: Int { Parser.diagnosticLimit }

  /// Runs a parsed script, its output to `sink`: reports its syntax errors and runs nothing if it
  /// has any.
  package func run(_ script: Script, to sink: (any OutputSink)? = nil) -> Outcome {
    printing(to: sink) { runScript(script) }
  }

  /// Runs a parsed script on the run's sink.
  func runScript(_ script: Script) -> Outcome {
    if !script.diagnostics.isEmpty {
      script.diagnostics.forEach(report)
      return .syntaxError
    }
    state.anyFailed = false
    defer { if observation.cast != nil { recordCast(force: true) } }
    do {
      return try runCommands(script) ? .success : .failure
    } catch let request as ExitRequest {
      return .exit(request.status(anyFailed: state.anyFailed))
    } catch is Interrupted {
      return .interrupted
    } catch {
      return .failure
    }
  }

  /// Runs one line typed in the REPL: errors are reported as `error: MESSAGE`. Every command but
  /// the checks keeps its output, for an `expect output` typed later; while a recording is under
  /// way, each command is recorded as it has run.
  package func runLine(_ line: String, to sink: (any OutputSink)? = nil) -> Outcome {
    printing(to: sink) { runTypedLine(line) }
  }

  private func runTypedLine(_ line: String) -> Outcome {
    var script = parse(line, file: nil)
    script.commands = script.commands.map(keepingOutput)
    if recorder != nil { return runRecording(script, line: line) }
    return runScript(script)
  }

  /// Runs the commands of a script; `false` when one failed. Errors are reported as they happen.
  /// After each command, the hooks it set off run (see ``runHooks()``). `exit`, and hooks that run
  /// away, stop every script under way: they are thrown.
  func runCommands(_ script: Script) throws -> Bool {
    state.directories.append(script.directory)
    state.files.append(script.file)
    let outerPlace = state.place
    state.place.file = script.file
    defer {
      state.directories.removeLast()
      state.files.removeLast()
      state.place = outerPlace
    }
    return try script.commands.withUnsafeBufferPointer { commands in
      var ok = true
      for index in commands.indices {
        if Self.isInterrupted { throw Interrupted() }
        let command = commands[index]
        do {
          state.place.location = command.location
          try countHookCommand(at: command.location)
          try syncPaneArea()
          try execute(command)
          if observation.hooks.hasWork { try runHooks() }
          if plugins.hasProcessPlugins { try settlePlugins() }
          if !services.backgroundSources.isEmpty { try takeInBackgroundSources() }
          if observation.cast != nil { recordCast() }
        } catch let request as ExitRequest {
          throw request
        } catch let interrupted as Interrupted {
          throw interrupted
        } catch let runaway as HookRunaway {
          if observation.hooks.isRunning { throw runaway }
          report(runaway.diagnostic)
          ok = false
        } catch is AlreadyReported {
          ok = false
        } catch {
          let diagnostic = diagnostic(for: error, at: command.location, file: script.file)
          report(diagnostic)
          ok = false
          if plugins.hasProcessPlugins { settlePluginsAfterFailure(diagnostic) }
        }
        if !ok {
          state.anyFailed = true
          // After `source` went too deep every sourced file under way stops: with --keep-going, a
          // file that sources itself twice would otherwise run 2^64 times.
          if !settings.keepGoing || (state.sourceOverflowed && state.sourceDepth > 0) {
            return false
          }
          if state.sourceDepth == 0 { state.sourceOverflowed = false }
        }
      }
      return ok
    }
  }

  /// Runs one command. The common case (a built-in command bound when it was parsed) is one call
  /// through the table; everything else takes ``executeBoundNow(_:)``.
  @inline(__always)
  func execute(_ command: Command) throws {
    let body = command.boxed
    if case .builtin(let index) = body.target, body.words == nil {
      try table.runs[index].call(self, body.arguments)
    } else {
      try executeBoundNow(command)
    }
  }

  /// Runs a command whose words are bound as it runs: a hook's command that holds `$tab` or `$id`,
  /// one that names the selected tab or the visible screen as `.`, or a command of the visible
  /// screen's type.
  @inline(never)
  func executeBoundNow(_ command: Command) throws {
    let words = command.boxed.words ?? []
    let substitution = observation.hooks.substitution(arguments: settings.arguments)
    switch command.boxed.target {
    case .builtin(let index):
      let declaration = table.declarations[index]
      var binder = parser.binder(deferUnknown: false, depth: 0)
      binder.expand = substitution.expand
      binder.deferUnknownScreenTypes = false
      binder.current = CurrentTargets(shell)
      let bound = try binder.bind(words[...], to: declaration, at: command.location)
      try table.runs[index].call(self, bound.arguments)
    case .screen(let name):
      try runScreenCommand(name, words: words.flatMap(substitution.expand), at: command.location)
    case .keepingOutput(let command):
      try runKeepingOutput(command)
    }
  }

  /// The diagnostic for an error a command threw.
  func diagnostic(for error: any Error, at location: SourceLocation, file: String?) -> Diagnostic {
    switch error {
    case let diagnostic as Diagnostic: diagnostic
    case let error as LocatedError:
      Diagnostic(file: file, location: error.location, error: error.error)
    case let error as LanguageError: Diagnostic(file: file, location: location, error: error)
    case let error as ShellError:
      Diagnostic(file: file, location: location, error: described(error))
    default: Diagnostic(file: file, location: location, error: .failed("\(error)"))
    }
  }

  /// A core error in the language's words: an unknown screen type with no close name lists the
  /// types there are (`add-tab foo`).
  func described(_ error: ShellError) -> LanguageError {
    if case .unknownScreenType(let name, nil) = error {
      return .unknownScreenType(name, types: shell.screenTypes.map(\.name))
    }
    return .shell(error)
  }
}

/// Where a command was written.
struct Place {
  var file: String?
  var location: SourceLocation
}

/// `exit [N]` and `quit`: leave the script (or REPL) with a status; `nil` for "1 if anything failed".
struct ExitRequest: Error {
  var status: Int32?

  /// The status the process ends with: the one asked for, else 1 when a command failed, else 0
  /// (as a shell's bare `exit`), however the `exit` was reached.
  func status(anyFailed: Bool) -> Int32 { status ?? (anyFailed ? 1 : 0) }
}

/// A failure that has been reported already (in a sourced file or a hook).
struct AlreadyReported: Error {}

/// An interrupt (``Interpreter/interruption``) stops every script and hook under way.
struct Interrupted: Error {}
