/// A parsed command, ready to run: its declaration is resolved and its arguments are bound.
///
/// Sixteen bytes: what it runs and its arguments live in a shared box (every command written the
/// same way shares one), the location is two 32-bit numbers. A million-line script is then 16 MB of
/// commands, not 64.
package struct Command: Sendable {
  /// What runs it.
  enum Target: Sendable {
    /// A built-in command: its index in the command table's declarations.
    case builtin(Int)
    /// A command of a screen type, found on the visible screen's type when it runs.
    case screen(String)
    /// A command whose output is kept for the `expect output` after it.
    case keepingOutput(Command)
  }

  /// What it runs and with what, shared by copies.
  private(set) var boxed: CommandBody
  private var line: Int32
  private var column: Int32

  /// Where it starts.
  package var location: SourceLocation {
    get { SourceLocation(line: Int(line), column: Int(column)) }
    set {
      line = Int32(clamping: newValue.line)
      column = Int32(clamping: newValue.column)
    }
  }

  init(
    target: Target, arguments: Arguments, location: SourceLocation, words: [Word]? = nil
  ) {
    boxed = CommandBody(target: target, arguments: arguments, words: words)
    line = Int32(clamping: location.line)
    column = Int32(clamping: location.column)
  }

  /// The command with the text it was written as (``CommandBody/source``).
  func written(as source: String) -> Command {
    var command = self
    command.boxed = CommandBody(
      target: boxed.target, arguments: boxed.arguments, words: boxed.words, source: source)
    return command
  }

  /// The command, made to keep what it prints (and what the hooks it sets off print) for the
  /// `expect output` after it.
  func keepingOutput() -> Command {
    if case .keepingOutput = boxed.target { return self }
    return Command(target: .keepingOutput(self), arguments: .none, location: location)
  }
}

/// What a command runs and with what: shared by every command written the same way.
final class CommandBody: Sendable {
  let target: Command.Target
  /// The arguments, bound when the command was parsed.
  let arguments: Arguments
  /// The words after the name, as written, when the command is bound as it runs: a screen
  /// command (bound against the visible screen's type), or a hook's command that holds `$tab` or
  /// `$id`; `nil` otherwise.
  let words: [Word]?
  /// The command as written, for a hook's or a key binding's commands (`nil` elsewhere): what
  /// `keys` lists and a recording writes.
  let source: String?

  init(target: Command.Target, arguments: Arguments, words: [Word]?, source: String? = nil) {
    self.target = target
    self.arguments = arguments
    self.words = words
    self.source = source
  }
}

/// A whole script, parsed before any of it runs.
package struct Script: Sendable {
  /// The name errors give it: a path, `-c`, `<stdin>`, or `nil` for a line typed in the REPL.
  package var file: String?
  /// The directory that `source` resolves relative paths against.
  package var directory: String
  /// The commands, in order.
  package var commands: [Command]
  /// The syntax errors; when there are any, nothing of the script runs.
  package var diagnostics: [Diagnostic]

  /// Makes a script.
  package init(file: String?, directory: String, commands: [Command], diagnostics: [Diagnostic]) {
    self.file = file
    self.directory = directory
    self.commands = commands
    self.diagnostics = diagnostics
  }
}
