import TabShellKit

/// A built-in command: its one declaration, the family `help` lists it under, and an extra check of
/// its arguments that runs when it is parsed.
public struct BuiltinCommand: Sendable {
  /// The declaration: name, aliases, arguments, options, help and the run function.
  public var declaration: CommandDeclaration<Interpreter>
  /// The family `help` groups it under (`Navigation`, `Bar`...).
  public var family: String
  /// A check beyond the declaration's, run at parse time (a usage error when it throws).
  public var check: (@Sendable (ParsedArguments) throws(LanguageError) -> Void)?

  /// Makes a built-in command.
  public init(
    _ declaration: CommandDeclaration<Interpreter>, family: String,
    check: (@Sendable (ParsedArguments) throws(LanguageError) -> Void)? = nil
  ) {
    self.declaration = declaration
    self.family = family
    self.check = check
  }
}

/// The central table of built-in commands, looked up by name or alias.
public struct CommandTable: Sendable {
  /// Every built-in command, in `help` order.
  public let commands: [BuiltinCommand]
  private let indexByName: [String: Int]
  /// Every name and alias.
  public let names: [String]

  /// Makes a table; a later command of a name already taken is ignored.
  public init(_ commands: [BuiltinCommand]) {
    self.commands = commands
    var map: [String: Int] = [:]
    var names: [String] = []
    for (index, command) in commands.enumerated() {
      for name in [command.declaration.name] + command.declaration.aliases where map[name] == nil {
        map[name] = index
        names.append(name)
      }
    }
    indexByName = map
    self.names = names
  }

  /// The index of the command with this name or alias.
  public func index(of name: String) -> Int? { indexByName[name] }

  /// The command with this name or alias.
  public func command(named name: String) -> BuiltinCommand? {
    indexByName[name].map { commands[$0] }
  }

  /// Every command of SPEC §4.
  public static let standard = CommandTable(
    NavigationCommands.all + BarCommands.all + TabCommands.all + StackCommands.all
      + LookingCommands.all + ScriptingCommands.all + PluginCommands.all)
}
