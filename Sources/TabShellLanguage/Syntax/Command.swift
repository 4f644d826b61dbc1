import TabShellKit

/// A parsed command, ready to run: its declaration is resolved and its arguments are checked.
///
/// Sixteen bytes: what it runs and its arguments live in a shared box (every command written the
/// same way shares one), the location is two 32-bit numbers. A million-line script is then 16 MB of
/// commands, not 64.
public struct Command: Sendable {
  /// What runs it.
  public enum Target: Sendable {
    /// A built-in command: its index in ``CommandTable/commands``.
    case builtin(Int)
    /// A command of a screen type, found on the visible screen's type when it runs.
    case screen(String)
    /// `on EVENT COMMANDS`: the hook's commands, parsed once with the script.
    case hook(HookBody)
  }

  /// What it runs and with what, shared by copies.
  private(set) var boxed: CommandBody
  private var line: Int32
  private var column: Int32

  /// What runs it.
  public var target: Target { boxed.target }
  /// Its arguments, checked against the declaration (for a screen command: the words, unchecked).
  public var arguments: ParsedArguments { boxed.value }
  /// The words after the name when they must be checked again as it runs (hook placeholders, screen
  /// commands); empty otherwise.
  public var deferredWords: [String] {
    get { boxed.deferredWords }
    set { boxed = CommandBody(target: boxed.target, value: boxed.value, deferredWords: newValue) }
  }
  /// Where it starts.
  public var location: SourceLocation {
    get { SourceLocation(line: Int(line), column: Int(column)) }
    set {
      line = Int32(clamping: newValue.line)
      column = Int32(clamping: newValue.column)
    }
  }

  /// Makes a command.
  public init(
    target: Target, arguments: ParsedArguments, location: SourceLocation,
    deferredWords: [String] = []
  ) {
    boxed = CommandBody(target: target, value: arguments, deferredWords: deferredWords)
    line = Int32(clamping: location.line)
    column = Int32(clamping: location.column)
  }
}

/// What a command runs and with what: shared by every command written the same way.
final class CommandBody: Sendable {
  let target: Command.Target
  let value: ParsedArguments
  let deferredWords: [String]

  init(target: Command.Target, value: ParsedArguments, deferredWords: [String]) {
    self.target = target
    self.value = value
    self.deferredWords = deferredWords
  }
}

/// A whole script, parsed before any of it runs.
public struct Script: Sendable {
  /// The name errors give it: a path, `-c`, `<stdin>`, or `nil` for a line typed in the REPL.
  public var file: String?
  /// The directory that `source` resolves relative paths against.
  public var directory: String
  /// The commands, in order.
  public var commands: [Command]
  /// The syntax errors; when there are any, nothing of the script runs.
  public var diagnostics: [Diagnostic]

  /// Makes a script.
  public init(file: String?, directory: String, commands: [Command], diagnostics: [Diagnostic]) {
    self.file = file
    self.directory = directory
    self.commands = commands
    self.diagnostics = diagnostics
  }
}

/// What `on EVENT COMMANDS` sets up: the event and the commands, parsed once.
///
/// A class, so that a ``Command`` has a fixed size whatever the core's (resilient) event type is.
public final class HookBody: Sendable {
  /// The event.
  public let event: EventName
  /// The commands to run.
  public let commands: [Command]

  /// Makes a hook body.
  public init(event: EventName, commands: [Command]) {
    self.event = event
    self.commands = commands
  }
}
