import TabShellKit

/// Turns script text into a ``Script``: lexes it, resolves every command's declaration and checks its
/// arguments, collecting every error.
public struct Parser {
  /// The built-in commands.
  public let table: CommandTable
  /// The names of the commands that registered screen types declare.
  public let screenCommands: Set<String>
  /// The script's arguments, for `$1`...`$9`; substituted as the script is parsed.
  public var scriptArguments: [String]

  /// Makes a parser for the commands of `table` and these screen commands.
  public init(table: CommandTable, screenCommands: Set<String>, scriptArguments: [String] = []) {
    self.table = table
    self.screenCommands = screenCommands
    self.scriptArguments = scriptArguments
  }

  /// Parses a whole script.
  ///
  /// A plain line written again (`tab 2`, `swipe left`) is not lexed nor checked again: it shares
  /// the command parsed the first time, so that a long script of them is parsed fast and held small.
  public func parse(_ source: String, file: String?, directory: String) -> Script {
    var diagnostics: [Diagnostic] = []
    var commands: [Command] = []
    commands.reserveCapacity(source.utf8.count / 8 + 1)
    var sawLoad = false
    var seen = PlainLineTable()
    let loadIndex = table.index(of: "load")
    let lexErrors = Lexer.lex(
      source,
      known: { text, location in
        guard var command = seen.command(for: text) else { return false }
        command.location = location
        commands.append(command)
        return true
      },
      each: { command, plainLine in
        do throws(LocatedError) {
          let parsed = try resolve(command, substituting: false, deferUnknown: sawLoad)
          if case .builtin(let index) = parsed.target, index == loadIndex { sawLoad = true }
          if let plainLine { seen.insert(plainLine, parsed) }
          commands.append(parsed)
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

  /// How deep `on` may nest in a hook's commands.
  public static let hookNestingLimit = 8

  func parseHook(_ words: [String], at location: SourceLocation, depth: Int) throws(LanguageError)
    -> [Command]
  {
    guard depth <= Self.hookNestingLimit else {
      throw .hookNestingTooDeep(limit: Self.hookNestingLimit)
    }
    var raw: [RawCommand]
    if words.count == 1 {
      let (lexed, errors) = Lexer.lex(words[0])
      if let first = errors.first { throw first.1 }
      raw = lexed
    } else {
      raw = [RawCommand(words: words.map { Word($0, at: location) })]
    }
    var commands: [Command] = []
    for var command in raw {
      for i in command.words.indices { command.words[i].location = location }
      do throws(LocatedError) {
        commands.append(
          try resolve(command, substituting: true, deferUnknown: false, depth: depth))
      } catch {
        throw error.error
      }
    }
    return commands
  }

  /// Resolves one command: its declaration, its checked arguments; an error points at the word at
  /// fault, else at the command.
  func resolve(
    _ command: RawCommand, substituting: Bool, deferUnknown: Bool, depth: Int = 0
  ) throws(LocatedError) -> Command {
    var failedAt: Int?
    do throws(LanguageError) {
      return try resolve(
        command, substituting: substituting, deferUnknown: deferUnknown, depth: depth,
        failedAt: &failedAt)
    } catch {
      let location = failedAt.map { command.words[$0 + 1].location } ?? command.location
      throw LocatedError(error: error, location: location)
    }
  }

  private func resolve(
    _ command: RawCommand, substituting: Bool, deferUnknown: Bool, depth: Int,
    failedAt: inout Int?
  ) throws(LanguageError) -> Command {
    let name = command.words[0].text
    let rest = command.words.dropFirst().map { substitute($0.text) }
    guard let index = table.index(of: name) else {
      if screenCommands.contains(name) || deferUnknown {
        return Command(
          target: .screen(name), arguments: ParsedArguments(positionals: rest),
          location: command.location, deferredWords: rest)
      }
      throw .unknownCommand(
        name, suggestion: closestMatch(to: name, in: table.names + screenCommands))
    }
    let entry = table.commands[index]
    let arguments = try ArgumentBinder.bind(
      rest[...], to: entry.declaration, substituting: substituting, failedAt: &failedAt)
    let placeholders = substituting && rest.contains(where: ArgumentBinder.hasPlaceholder)
    failedAt = nil
    if !placeholders { try entry.check?(arguments) }
    if entry.declaration.name == "on", let event = EventName(rawValue: arguments.positionals[0]) {
      let body = try parseHook(
        Array(arguments.positionals.dropFirst()), at: command.location, depth: depth + 1)
      return Command(
        target: .hook(HookBody(event: event, commands: body)), arguments: arguments,
        location: command.location)
    }
    failedAt = 0
    if entry.declaration.name == "help", !deferUnknown, let topic = arguments[0],
      table.index(of: topic) == nil, !screenCommands.contains(topic)
    {
      throw .unknownCommand(
        topic, suggestion: closestMatch(to: topic, in: table.names + screenCommands))
    }
    failedAt = nil
    return Command(
      target: .builtin(index), arguments: arguments, location: command.location,
      deferredWords: placeholders ? rest : [])
  }

  /// A word with `$1`...`$9` replaced by the script's arguments (a missing one is empty).
  func substitute(_ word: String) -> String {
    guard word.utf8.contains(UInt8(ascii: "$")) else { return word }
    // One pass, left to right: an argument's own text is never substituted again.
    var result = ""
    var characters = word[...]
    while let character = characters.popFirst() {
      if character == "$", let digit = characters.first?.wholeNumberValue, (1...9).contains(digit) {
        characters.removeFirst()
        if digit <= scriptArguments.count { result += scriptArguments[digit - 1] }
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// A parse error and the word it points at.
struct LocatedError: Error {
  var error: LanguageError
  var location: SourceLocation
}
