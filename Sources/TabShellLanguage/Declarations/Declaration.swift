@_spi(Host) import TabShellKit

/// One command, declared once: its name, typed parameters, help, and the function that runs it.
///
/// Parsing, `help`, usage lines, completion and the command reference are all generated from it;
/// nothing else names a command. Built-in commands are declared in `Commands/`; a screen type's
/// commands are turned into declarations of the same shape (``init(screenCommand:of:)``).
struct Declaration: Sendable {
  /// What a command does to the shell, for the hooks that must decide before a change: a
  /// should-select hook runs commands that only look at once, and queues the others until the
  /// selection is done.
  enum Effect: Sendable { case looks, changes }

  /// The name scripts use; a subcommand's is the word after its parent's (`selected`).
  var name: String
  /// Other names that run it.
  var aliases: [String] = []
  /// Its arguments and options, in order.
  var parameters: [Parameter] = []
  /// One line for `help`.
  var abstract: String
  /// More, for `help NAME`.
  var discussion: String = ""
  /// Subcommands: the first word picks one (`expect selected`, `expect bar`...).
  var subcommands: [Declaration] = []
  /// The name of the command it belongs to, for a subcommand.
  var parent: String?
  /// A check of the arguments together, beyond each one's kind; run when the command is parsed.
  var validate: (@Sendable (Arguments, Declaration) throws(LanguageError) -> Void)?
  /// The positional parameter that names a screen type (`add-tab TYPE`) and the repeated
  /// `KEY=VALUE` option (`--param`) whose list the type's declared parameters go into: after TYPE,
  /// the command also takes those as options (`add-tab counter --start 5`), each checked against
  /// its kind when the command is bound.
  var screenParameters: (type: Parameter, into: Parameter)?
  /// The repeated positional parameter that takes every word after `--` and only those
  /// (`add-tab terminal -- PROGRAM ARGS...`): the program a screen type that runs one starts.
  var program: Parameter?
  /// Whether it changes the shell.
  var effect = Effect.changes
  /// Whether it may add commands (`load`), or says which plugins a script needs (`require`):
  /// after it, a script's unknown names are looked up when they run.
  var mayAddCommands = false
  /// Whether it reads what the command before it printed (`expect output`): the parser has that
  /// command (checks aside) keep its output.
  var readsOutput = false
  /// Whether it is a check (`expect ...`): it prints nothing, and `expect output` looks past it to
  /// the command before.
  var isCheck = false
  /// Whether it is a gesture (`click`, `drag`, `scroll`, `key`): it passes the command it resolved
  /// to (`tab feed`, `swipe left`) to ``Interpreter/recorded(command:succeeded:)``, and a recording
  /// keeps that command, not the gesture.
  var isGesture = false
  /// Whether it only changes the full-screen mode's view (`set-focus`, `back`, `panel`): a key bound
  /// to it leaves the output panel as it is.
  var keepsPanel = false
  /// Runs it.
  var run: @Sendable (Interpreter, Arguments) throws -> Void

  /// The name as a user types it: `expect selected` for a subcommand.
  var fullName: String { parent.map { "\($0) \(name)" } ?? name }

  /// The usage line, such as `add-tab TYPE [--id ID] [--at N]`, or `expect CHECK [ARGS...]` for a
  /// command with subcommands.
  var usage: String {
    var parts = [fullName]
    if !subcommands.isEmpty {
      parts.append("CHECK [ARGS...]")
      return parts.joined(separator: " ")
    }
    for parameter in parameters {
      let spec = parameter.spec
      switch spec.role {
      case .positional where parameter === program:
        parts.append("[-- \(spec.name)...]")
      case .positional:
        let word = spec.isRepeated ? spec.name + "..." : spec.name
        parts.append(spec.isOptional ? "[\(word)]" : word)
      case .option: parts.append("[\(spec.name) \(spec.valueName)]")
      case .flag: parts.append("[\(spec.name)]")
      }
    }
    return parts.joined(separator: " ")
  }

  /// The subcommand of this name.
  func subcommand(named name: String) -> Declaration? {
    subcommands.first { $0.name == name }
  }
}

extension Declaration {
  /// Whether a parameter takes commands (`on`'s hook).
  var takesCommands: Bool { parameters.contains { $0.takesCommands } }

  /// The positional parameters, in order.
  var positionals: [Parameter] { parameters.filter { $0.spec.role == .positional } }

  /// The option of this name.
  func option(named name: String) -> Parameter? {
    parameters.first { $0.isOption(named: name) }
  }

  /// The positional parameter that takes the word at `position` (a repeated last one takes the
  /// rest).
  func positional(at position: Int) -> Parameter? {
    // Counted in place: this runs for every word a command is bound to.
    var seen = 0
    var last: Parameter?
    for parameter in parameters where parameter.role == .positional && parameter !== program {
      if seen == position { return parameter }
      seen += 1
      last = parameter
    }
    return last?.isRepeated == true ? last : nil
  }
}
