@_spi(Host) import TabShellKit

/// Turns script text into a ``Script``: lexes it, resolves every command's declaration and binds its
/// arguments, collecting every error. It knows no command by name: what a command takes, and whether
/// it may add commands, come from its declaration.
struct Parser {
  /// The built-in commands.
  let table: CommandTable
  /// The names of the commands that registered screen types declare.
  let screenCommands: Set<String>
  /// The script's arguments, for `$1`...
  var substitution = Substitution()

  /// How deep `on` may nest in a hook's commands.
  static let hookNestingLimit = 8

  /// Parses a whole script.
  ///
  /// A plain line written again (`tab 2`, `swipe left`) is not lexed nor bound again: it shares
  /// the command parsed the first time, so that a long script of them is parsed fast and held small.
  func parse(_ source: String, file: String?, directory: String) -> Script {
    var diagnostics: [Diagnostic] = []
    var commands: [Command] = []
    commands.reserveCapacity(source.utf8.count / 8 + 1)
    var deferUnknown = false
    var seen = PlainLineTable()
    let lexErrors = Lexer.lex(
      source,
      known: { text, location in
        guard var command = seen.command(for: text) else { return false }
        command.location = location
        commands.append(command)
        return true
      },
      each: { raw, plainLine in
        do throws(LocatedError) {
          let command = try resolve(raw, deferUnknown: deferUnknown, depth: 0)
          if case .builtin(let index) = command.boxed.target,
            table.declarations[index].mayAddCommands
          {
            deferUnknown = true
          }
          if let plainLine { seen.insert(plainLine, command) }
          commands.append(command)
        } catch {
          diagnostics.append(Diagnostic(file: file, location: error.location, error: error.error))
        }
      })
    diagnostics += lexErrors.map { Diagnostic(file: file, location: $0.0, error: $0.1) }
    diagnostics.sort {
      ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
    }
    return Script(file: file, directory: directory, commands: commands, diagnostics: diagnostics)
  }

  /// Resolves one command: its declaration (a subcommand picked by the next word), its bound
  /// arguments. `depth` is how deep in hooks' commands it is (0: a script's own line).
  func resolve(_ raw: RawCommand, deferUnknown: Bool, depth: Int) throws(LocatedError) -> Command {
    let name = raw.words[0].text
    guard let index = table.index(of: name) else {
      if screenCommands.contains(name) || deferUnknown {
        return Command(
          target: .screen(name), arguments: .none, location: raw.location,
          words: Array(raw.words.dropFirst()))
      }
      throw LocatedError(
        error: .unknownCommand(name, suggestion: suggestion(for: name)), location: raw.location)
    }
    var declarationIndex = index
    var words = raw.words.dropFirst()
    let declaration = table.declarations[index]
    if !declaration.subcommands.isEmpty {
      guard let word = words.first else {
        throw LocatedError(
          error: .missingArgument(command: name, argument: "CHECK", usage: declaration.usage),
          location: raw.location)
      }
      guard let subcommand = table.index(of: word.text, in: declaration) else {
        let choices = declaration.subcommands.map(\.name)
        throw LocatedError(
          error: .notAChoice(
            word.text, argument: "CHECK", choices: choices,
            suggestion: closestMatch(to: word.text, in: choices)),
          location: word.location)
      }
      declarationIndex = subcommand
      words = words.dropFirst()
    }
    let bound = try binder(deferUnknown: deferUnknown, depth: depth).bind(
      words, to: table.declarations[declarationIndex], at: raw.location)
    return Command(
      target: .builtin(declarationIndex), arguments: bound.arguments, location: raw.location,
      words: bound.isDeferred ? Array(words) : nil)
  }

  /// The binder for a command at `depth`.
  func binder(deferUnknown: Bool, depth: Int) -> Binder {
    var binder = Binder()
    binder.expand = substitution.expand
    binder.placeholders = depth > 0
    if !deferUnknown {
      binder.isCommand = { table.index(of: $0) != nil || screenCommands.contains($0) }
    }
    binder.suggestCommand = suggestion(for:)
    binder.parseCommands = { words, location throws(LocatedError) in
      try parseHook(words, at: location, depth: depth + 1, deferUnknown: deferUnknown)
    }
    return binder
  }

  /// A hook's commands: one word holding commands separated by `;`, or the words of one command.
  /// Every word of them is placed where the hook is written (`location`), for errors.
  func parseHook(_ words: [Word], at location: SourceLocation, depth: Int, deferUnknown: Bool)
    throws(LocatedError) -> [Command]
  {
    guard depth <= Self.hookNestingLimit else {
      throw LocatedError(
        error: .hookNestingTooDeep(limit: Self.hookNestingLimit), location: location)
    }
    var raw: [RawCommand]
    if words.count == 1 {
      let (lexed, errors) = Lexer.lex(words[0].text)
      if let first = errors.first { throw LocatedError(error: first.1, location: location) }
      raw = lexed
    } else {
      raw = [RawCommand(words: words)]
    }
    var commands: [Command] = []
    for var command in raw {
      for i in command.words.indices { command.words[i].location = location }
      commands.append(try resolve(command, deferUnknown: deferUnknown, depth: depth))
    }
    return commands
  }

  /// The closest command name to `name`, built-in or of a screen type.
  func suggestion(for name: String) -> String? {
    closestMatch(to: name, in: table.names + screenCommands)
  }
}
