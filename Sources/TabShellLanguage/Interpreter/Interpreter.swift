@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellPlatform
import TabShellRendering

/// Runs parsed commands on a ``Shell``: the context every built-in command works on.
///
/// Output goes through ``output`` (one line a call, no newline) and errors through ``report`` so that
/// tests can capture both. Isolation: like its shell, an interpreter belongs to the thread that made it.
package final class Interpreter {
  /// The shell the commands change.
  package let shell: Shell
  /// The built-in commands.
  let table: CommandTable
  /// The plugins loaded at run time; process plugins' requests and faults are applied after each
  /// command.
  package let plugins: PluginHost
  /// Writes one line of a command's output (stdout).
  package var output: (String) -> Void
  /// Reports one error (stderr).
  package var report: (Diagnostic) -> Void
  /// How the shell is drawn and where its bar is scrolled, kept from command to command.
  package var view: ViewState
  /// Called with the command each gesture resolved to, once it has run, and whether it succeeded
  /// (see ``recorded(command:succeeded:)``).
  package var resolvedGesture: ((String, Bool) -> Void)?
  /// What `tui` does: set by the interactive REPL (it enters the full-screen mode after the line);
  /// `nil` elsewhere, where `tui` fails.
  package var enterFullScreen: (() throws(GestureError) -> Void)?
  /// What `detach` does: set by a session's server (it detaches the client that typed it, or
  /// every client); `nil` outside a session, where `detach` fails.
  package var detachClients: (() -> Void)?
  /// What a wait (`wait-for`, `sleep`) calls at each wake-up, with whether background work came in
  /// since the last one, and once when it ends (``WaitMoment``): the full-screen mode draws the
  /// frame again meanwhile. It returns how long the wait may sleep before it calls again, in
  /// milliseconds (-1: no limit): a frame put off is drawn when it is due. `nil` elsewhere.
  package var whileWaiting: ((WaitMoment) -> Int32)?
  /// The directory relative paths are resolved against when no script names one.
  package var currentDirectory: String
  /// Whether a failed command lets the script go on (`--keep-going`).
  package var keepGoing = false
  /// The script's arguments (`tabshell FILE ARG...`), for `$1`...`$9`, `$#` and `$@`.
  package var scriptArguments: [String] = []
  /// What `expect` counts and reads, and whether `expect frame` writes its snapshots.
  package var checks = Checks()
  /// The recording under way (`record FILE`), if any.
  package var recorder: Recorder?
  /// The screen recording under way (`record-cast FILE`), if any.
  var castRecording: CastRecording?
  /// The key bindings of the full-screen mode: the built-in ones, then `bind` and `unbind`.
  package lazy var keyTable = defaultKeyTable()
  /// How many keys' bindings are running, one inside another (`bind x 'key y'`).
  var keyDepth = 0
  /// The full-screen mode while it runs, for its commands (`set-focus`, `back`, `panel`).
  package weak var fullScreen: (any FullScreenControl)?

  /// What `trace` prints, and where.
  var traceOutput = TraceOutput()
  var hooks = HookTable()
  var observerToken: Int?
  var shouldSelectToken: Int?
  /// Where the command running now was written: `on` records it with its hook.
  var place = Place(file: nil, location: SourceLocation(line: 1, column: 1))
  /// How many `source`d files are running, one inside the other.
  var sourceDepth = 0
  /// Set when `source` went too deep: every file under way stops, even with `--keep-going`.
  var sourceOverflowed = false
  /// The directories of the scripts being run, innermost last.
  var directories: [String] = []
  /// The names of the scripts being run, innermost last.
  var files: [String?] = []
  var anyFailed = false
  /// What the shell takes in while it waits, besides the process plugins (see ``BackgroundSource``).
  package var backgroundSources: [BackgroundSource] = []
  /// Completes the parameters of a screen that `add-tab`, `push` or `present` makes, before it is
  /// made, as the host means them (the folder a terminal tab's program starts in when none was
  /// given): what it adds is kept with the screen, so `state --script` writes it.
  /// It gets the screen type's name and the parameters.
  package var completeScreenParameters: (String, inout [String: String]) -> Void = { _, _ in }

  /// How deep `source` may nest.
  package static let sourceLimit = 64

  /// Makes an interpreter for a shell.
  package init(
    shell: Shell, renderOptions: RenderOptions = RenderOptions(), currentDirectory: String,
    output: @escaping (String) -> Void, report: @escaping (Diagnostic) -> Void
  ) {
    self.shell = shell
    self.table = .standard
    plugins = PluginHost(shell: shell)
    plugins.reservedCommands = Self.builtinCommandNames
    view = ViewState(renderOptions: renderOptions)
    self.currentDirectory = currentDirectory
    self.output = output
    self.report = report
  }

  /// The names of the built-in commands, which screen commands may not take.
  package static var builtinCommandNames: Set<String> { Set(CommandTable.standard.names) }

  /// A parser for the built-in commands and the commands of the screen types registered now.
  var parser: Parser {
    let shell = shell
    return Parser(
      table: table, screenCommands: Set(shell.screenTypes.flatMap { $0.commands.map(\.name) }),
      screenType: { name in shell.screenTypes.first { $0.name == name } },
      substitution: Substitution(arguments: scriptArguments))
  }

  /// Parses a whole script.
  package func parse(_ source: String, file: String?, directory: String? = nil) -> Script {
    parser.parse(source, file: file, directory: directory ?? currentDirectory)
  }

  /// How a run ended.
  package enum Outcome: Equatable, Sendable {
    /// Every command succeeded.
    case success
    /// Syntax errors: nothing ran.
    case syntaxError
    /// A command failed (the script stopped there unless ``Interpreter/keepGoing``).
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

  /// Runs a parsed script: reports its syntax errors and runs nothing if it has any.
  package func run(_ script: Script) -> Outcome {
    if !script.diagnostics.isEmpty {
      script.diagnostics.forEach(report)
      return .syntaxError
    }
    anyFailed = false
    defer { if castRecording != nil { recordCast(force: true) } }
    do {
      return try runCommands(script) ? .success : .failure
    } catch let request as ExitRequest {
      return .exit(request.status(anyFailed: anyFailed))
    } catch is Interrupted {
      return .interrupted
    } catch {
      return .failure
    }
  }

  /// Runs one line typed in the REPL: errors are reported as `error: MESSAGE`. Every command but
  /// the checks keeps its output, for an `expect output` typed later; while a recording is under
  /// way, each command is recorded as it has run.
  package func runLine(_ line: String) -> Outcome {
    var script = parse(line, file: nil)
    script.commands = script.commands.map(keepingOutput)
    if recorder != nil { return runRecording(script, line: line) }
    return run(script)
  }

  /// Runs the commands of a script; `false` when one failed. Errors are reported as they happen.
  /// After each command, the hooks it set off run (see ``runHooks()``). `exit`, and hooks that run
  /// away, stop every script under way: they are thrown.
  func runCommands(_ script: Script) throws -> Bool {
    directories.append(script.directory)
    files.append(script.file)
    let outerPlace = place
    place.file = script.file
    defer {
      directories.removeLast()
      files.removeLast()
      place = outerPlace
    }
    return try script.commands.withUnsafeBufferPointer { commands in
      var ok = true
      for index in commands.indices {
        if Self.isInterrupted { throw Interrupted() }
        let command = commands[index]
        do {
          place.location = command.location
          try countHookCommand(at: command.location)
          try execute(command)
          if hooks.hasWork { try runHooks() }
          if plugins.hasProcessPlugins { try settlePlugins() }
          if !backgroundSources.isEmpty { try takeInBackgroundSources() }
          if castRecording != nil { recordCast() }
        } catch let request as ExitRequest {
          throw request
        } catch let interrupted as Interrupted {
          throw interrupted
        } catch let runaway as HookRunaway {
          if hooks.isRunning { throw runaway }
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
          anyFailed = true
          // After `source` went too deep every sourced file under way stops: with --keep-going, a
          // file that sources itself twice would otherwise run 2^64 times.
          if !keepGoing || (sourceOverflowed && sourceDepth > 0) { return false }
          if sourceDepth == 0 { sourceOverflowed = false }
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
  /// or a command of the visible screen's type.
  @inline(never)
  func executeBoundNow(_ command: Command) throws {
    let words = command.boxed.words ?? []
    let substitution = hooks.substitution(arguments: scriptArguments)
    switch command.boxed.target {
    case .builtin(let index):
      let declaration = table.declarations[index]
      var binder = parser.binder(deferUnknown: false, depth: 0)
      binder.expand = substitution.expand
      binder.deferUnknownScreenTypes = false
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
