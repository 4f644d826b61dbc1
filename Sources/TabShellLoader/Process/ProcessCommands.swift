@_spi(Host) import TabShellKit
import TabShellRPC

/// A process plugin's command declarations as the core's typed ``ScreenCommand``s: the shell
/// parses, checks, completes and describes them as it does a Swift plugin's, and the plugin
/// receives the checked values as JSON (`screen/command`).
enum ProcessCommands {
  /// Reads one parameter's value from an invocation, as the plugin receives it.
  typealias Reader = @Sendable (ScreenCommandInvocation) -> JSONValue?

  /// The commands of a screen type; an alias is a command of its own that runs the same one.
  static func commands(of type: PluginDescription.ScreenType) -> [ScreenCommand] {
    type.commands.flatMap { command in
      ([command.name] + command.aliases).map { make(command, named: $0) }
    }
  }

  static func make(_ command: PluginDescription.Command, named name: String) -> ScreenCommand {
    var parameters: [CommandParameter] = []
    var arguments: [Reader] = []
    for argument in command.arguments {
      let (parameter, reader) = Self.argument(argument)
      parameters.append(parameter)
      arguments.append(reader)
    }
    var options: [(name: String, read: Reader)] = []
    for option in command.options {
      let (parameter, reader) = Self.option(option)
      parameters.append(parameter)
      options.append((option.name, reader))
    }
    let canonical = command.name
    let readers = arguments
    let optionReaders = options
    let discussion =
      name == canonical
      ? command.discussion
      : "Another name of '\(canonical)'."
        + (command.discussion.isEmpty ? "" : " " + command.discussion)
    return ScreenCommand(
      name, of: ProcessScreen.self, parameters: parameters, abstract: command.abstract,
      discussion: discussion
    ) { screen, invocation in
      let values = JSONValue.array(readers.map { $0(invocation) ?? .null })
      var given = JSONObject()
      for option in optionReaders { given[option.name] = option.read(invocation) }
      let lines = try screen.process.runCommand(
        canonical, of: screen, arguments: values, options: .object(given))
      for line in lines { invocation.write(neutralized(line)) }
    }
  }

  private static func argument(_ argument: PluginDescription.Argument) -> (CommandParameter, Reader)
  {
    switch argument.kind {
    case .integer: typed(argument, .integer) { .int($0) }
    case .text: typed(argument, .text) { .string($0) }
    case .choice(let words): typed(argument, .choice(words)) { .string($0) }
    case .tab: typed(argument, .tab) { .string($0) }
    case .screenType: typed(argument, .screenType) { .string($0) }
    case .path: typed(argument, .path) { .string($0) }
    }
  }

  private static func typed<Value: Sendable>(
    _ argument: PluginDescription.Argument, _ kind: ArgumentKind<Value>,
    _ json: @escaping @Sendable (Value) -> JSONValue
  ) -> (CommandParameter, Reader) {
    let name = argument.valueName
    let abstract = argument.abstract
    if argument.isVariadic {
      let parameter = CommandArgument(name, variadic: kind, abstract: abstract)
      return (parameter, { .array($0[parameter].map(json)) })
    }
    if argument.isOptional {
      let parameter = CommandArgument(name, optional: kind, abstract: abstract)
      return (parameter, { $0[parameter].map(json) })
    }
    let parameter = CommandArgument(name, kind, abstract: abstract)
    return (parameter, { json($0[parameter]) })
  }

  private static func option(_ option: PluginDescription.Option) -> (CommandParameter, Reader) {
    switch option.kind {
    case nil:
      let parameter = CommandOption(flag: option.name, abstract: option.abstract)
      return (parameter, { $0[parameter] ? .bool(true) : nil })
    case .integer: return valued(option, .integer) { .int($0) }
    case .text: return valued(option, .text) { .string($0) }
    case .choice(let words): return valued(option, .choice(words)) { .string($0) }
    case .tab: return valued(option, .tab) { .string($0) }
    case .screenType: return valued(option, .screenType) { .string($0) }
    case .path: return valued(option, .path) { .string($0) }
    }
  }

  private static func valued<Value: Sendable>(
    _ option: PluginDescription.Option, _ kind: ArgumentKind<Value>,
    _ json: @escaping @Sendable (Value) -> JSONValue
  ) -> (CommandParameter, Reader) {
    let parameter = CommandOption(
      option.name, kind, valueName: option.valueName, abstract: option.abstract)
    return (parameter, { $0[parameter].map(json) })
  }
}
