import TabShellKit
import TabShellRendering

/// Runs parsed commands on a ``Shell``: the context every built-in command works on.
///
/// Output goes through ``output`` (one line a call, no newline) and errors through ``report`` so that
/// tests can capture both. Isolation: like its shell, an interpreter belongs to the thread that made it.
public final class Interpreter {
  /// The shell the commands change.
  public let shell: Shell
  /// The built-in commands.
  public let table: CommandTable
  /// Writes one line of a command's output (stdout).
  public var output: (String) -> Void
  /// Reports one error (stderr).
  public var report: (Diagnostic) -> Void
  /// How `show`, `tabs` and the bar are drawn.
  public var renderOptions: RenderOptions
  /// The directory relative paths are resolved against when no script names one.
  public var currentDirectory: String
  /// Whether a failed command lets the script go on (`--keep-going`).
  public var keepGoing = false
  /// The script's arguments (`tabshell FILE ARG...`), for `$1`...`$9`.
  public var scriptArguments: [String] = []

  /// The built-in commands' run functions, taken out of their declarations once: calling through a
  /// declaration (a resilient struct of the core) copies it, with a retain and a release of each of
  /// its fields, on every command.
  let runs: [(Interpreter, ParsedArguments) throws -> Void]
  var trace = TraceMode.off
  /// The bytes of the trace line being written, kept from line to line.
  var traceBuffer: [UInt8] = []
  var hooks: [EventName: [Hook]] = [:]
  var shouldSelectHooks: [Hook] = []
  var observerToken: Int?
  var shouldSelectToken: Int?
  var hookRuns = 0
  var hookDepth = 0
  var hookFailure: Diagnostic?
  var hookExit: Int32??
  var inShouldSelectHook = false
  var denied = false
  var sourceDepth = 0
  /// The directories of the scripts being run, innermost last.
  var directories: [String] = []
  /// The names of the scripts being run, innermost last.
  var files: [String?] = []
  var anyFailed = false

  /// How deep `source` may nest.
  public static let sourceLimit = 64
  /// How many hook runs one command may set off.
  public static let hookRunLimit = 1_000
  /// How deep hooks may set off hooks.
  public static let hookDepthLimit = 32

  /// Makes an interpreter for a shell.
  public init(
    shell: Shell, table: CommandTable = .standard, renderOptions: RenderOptions = RenderOptions(),
    currentDirectory: String, output: @escaping (String) -> Void,
    report: @escaping (Diagnostic) -> Void
  ) {
    self.shell = shell
    self.table = table
    self.renderOptions = renderOptions
    self.currentDirectory = currentDirectory
    self.output = output
    self.report = report
    self.runs = table.commands.map { $0.declaration.run }
  }

  /// A parser for the built-in commands and the commands of the screen types registered now.
  public var parser: Parser {
    Parser(
      table: table, screenCommands: Set(shell.screenTypes.flatMap { $0.commands.map(\.name) }),
      scriptArguments: scriptArguments)
  }

  /// Parses a whole script.
  public func parse(_ source: String, file: String?, directory: String? = nil) -> Script {
    parser.parse(source, file: file, directory: directory ?? currentDirectory)
  }

  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// Every command succeeded.
    case success
    /// Syntax errors: nothing ran.
    case syntaxError
    /// A command failed (the script stopped there unless ``Interpreter/keepGoing``).
    case failure
    /// `exit` or `quit` with this status.
    case exit(Int32)

    /// The process exit status for this outcome.
    public var status: Int32 {
      switch self {
      case .success: 0
      case .syntaxError: 2
      case .failure: 1
      case .exit(let status): status
      }
    }
  }

  /// Runs a parsed script: reports its syntax errors and runs nothing if it has any.
  public func run(_ script: Script) -> Outcome {
    if !script.diagnostics.isEmpty {
      script.diagnostics.forEach(report)
      return .syntaxError
    }
    anyFailed = false
    do throws(ExitRequest) {
      return try runCommands(script) ? .success : .failure
    } catch {
      return .exit(error.status ?? (anyFailed ? 1 : 0))
    }
  }

  /// Runs the commands of a script; `false` when one failed. Errors are reported as they happen.
  func runCommands(_ script: Script) throws(ExitRequest) -> Bool {
    directories.append(script.directory)
    files.append(script.file)
    defer {
      directories.removeLast()
      files.removeLast()
    }
    return try script.commands.withUnsafeBufferPointer { commands throws(ExitRequest) in
      var ok = true
      for index in commands.indices {
        if Self.isInterrupted { throw ExitRequest(status: 130) }
        do {
          try execute(commands[index])
          if hookRuns != 0 { try finishHooks() }
        } catch let request as ExitRequest {
          throw request
        } catch is AlreadyReported {
          ok = false
        } catch {
          report(diagnostic(for: error, at: commands[index].location, file: script.file))
          ok = false
        }
        if !ok {
          anyFailed = true
          if !keepGoing { return false }
        }
      }
      return ok
    }
  }

  /// Runs one command. The common case (a built-in command whose arguments were checked when it was
  /// parsed) calls its declaration directly; everything else takes ``executeOther(_:)``.
  @inline(__always)
  func execute(_ command: Command) throws {
    let body = command.boxed
    if case .builtin(let index) = body.target, body.deferredWords.isEmpty {
      // Called through the declaration itself: no reabstraction thunk, no copy of the arguments.
      try runs[index](self, body.value)
    } else {
      try executeOther(command)
    }
  }

  /// Runs a command whose arguments are checked as it runs, a screen command, or an `on`.
  @inline(never)
  func executeOther(_ command: Command) throws {
    switch command.target {
    case .builtin(let index):
      let declaration = table.commands[index].declaration
      let arguments = try ArgumentBinder.bind(command.deferredWords[...], to: declaration)
      try table.commands[index].check?(arguments)
      try declaration.run(self, arguments)
    case .screen(let name):
      try runScreenCommand(name, words: command.deferredWords)
    case .hook(let body):
      addHook(
        Hook(
          event: body.event, commands: body.commands, file: files.last ?? nil,
          location: command.location))
    }
  }

  /// Runs a command of the visible screen's type.
  func runScreenCommand(_ name: String, words: [String]) throws {
    let declaring = shell.screenTypes.filter { $0.commands.contains { $0.name == name } }
    guard !declaring.isEmpty else {
      throw LanguageError.unknownCommand(
        name, suggestion: closestMatch(to: name, in: table.names))
    }
    guard let type = shell.visibleScreenType,
      let declaration = type.commands.first(where: { $0.name == name }),
      let context = shell.commandContextForVisibleScreen(output: output)
    else {
      throw LanguageError.screenCommandUnavailable(
        name, visibleType: shell.visibleScreenType?.name, types: declaring.map(\.name))
    }
    let arguments = try ArgumentBinder.bind(words[...], to: declaration)
    do {
      try declaration.run(context, arguments)
    } catch let error as ShellError {
      throw LanguageError.shell(error)
    } catch let error as LanguageError {
      throw error
    } catch {
      throw LanguageError.failed("\(error)")
    }
  }

  /// The diagnostic for an error a command threw.
  func diagnostic(for error: any Error, at location: SourceLocation, file: String?) -> Diagnostic {
    switch error {
    case let diagnostic as Diagnostic: diagnostic
    case let error as LanguageError: Diagnostic(file: file, location: location, error: error)
    case let error as ShellError: Diagnostic(file: file, location: location, error: .shell(error))
    default: Diagnostic(file: file, location: location, error: .failed("\(error)"))
    }
  }

  /// Runs one line typed in the REPL: errors are reported as `error: MESSAGE`.
  public func runLine(_ line: String) -> Outcome {
    run(parse(line, file: nil))
  }

}

/// `exit [N]` and `quit`: leave the script (or REPL) with a status; `nil` for "1 if anything failed".
struct ExitRequest: Error {
  var status: Int32?
}

/// A failure that has been reported already (in a sourced file or a hook).
struct AlreadyReported: Error {}

/// What `trace` prints.
enum TraceMode: Equatable {
  case off, readable, json
}
