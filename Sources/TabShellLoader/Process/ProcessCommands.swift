import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellRPC

/// A process plugin's command declarations as the core's typed ``ScreenCommand``s: the shell
/// parses, checks, completes and describes them as it does a Swift plugin's, and the plugin
/// receives the checked values as JSON (`screen/command`).
enum ProcessCommands {
  /// The commands of a screen type; an alias is a command of its own that runs the same one.
  static func commands(of type: PluginDescription.ScreenType) -> [ScreenCommand] {
    type.commands.flatMap { command in
      ([command.name] + command.aliases).map { make(command, named: $0) }
    }
  }

  static func make(_ command: PluginDescription.Command, named name: String) -> ScreenCommand {
    let arguments = command.arguments.map(parameter)
    let options = command.options.map(parameter)
    let canonical = command.name
    let discussion =
      name == canonical
      ? command.discussion
      : "Another name of '\(canonical)'."
        + (command.discussion.isEmpty ? "" : " " + command.discussion)
    return ScreenCommand(
      name, of: ProcessScreen.self, parameters: arguments + options, abstract: command.abstract,
      discussion: discussion
    ) { screen, invocation in
      let values = JSONValue.array(
        arguments.map { argument in
          // A variadic argument left out is no words; another one left out is null.
          invocation.value(of: argument).map(json)
            ?? (argument.spec.isRepeated ? .array([]) : .null)
        })
      var given = JSONObject()
      for option in options { given[option.spec.name] = invocation.value(of: option).map(json) }
      let lines = try screen.process.runCommand(
        canonical, of: screen, arguments: values, options: .object(given))
      for line in lines { invocation.write(neutralized(line)) }
    }
  }

  /// A value as the plugin receives it (docs/ProcessPlugins.md §6): a number for an integer, a
  /// string for a word, an array for a variadic argument, `true` for a flag.
  static func json(_ value: ArgumentValue) -> JSONValue {
    switch value {
    case .integer(let n): .int(n)
    case .number(let n): .double(n)
    case .list(let values): .array(values.map(json))
    case .flag: .bool(true)
    case .text, .tab, .direction, .event, .keyValue: value.word.map(JSONValue.string) ?? .null
    }
  }

  /// A positional argument, declared as the plugin declared it.
  static func parameter(_ argument: PluginDescription.Argument) -> CommandParameter {
    let kind = code(argument.kind)
    return CommandArgument<ArgumentValue?>(
      spec: ParameterSpec(
        name: argument.valueName, kind: kind, role: .positional,
        isOptional: argument.isOptional || argument.isVariadic, isRepeated: argument.isVariadic,
        abstract: argument.abstract),
      extract: { .some($0) })
  }

  /// An option (a flag when it takes no value), declared as the plugin declared it.
  static func parameter(_ option: PluginDescription.Option) -> CommandParameter {
    CommandOption<ArgumentValue?>(
      spec: ParameterSpec(
        name: option.name, valueName: option.valueName, kind: option.kind.map(code),
        role: option.kind == nil ? .flag : .option, isOptional: true, abstract: option.abstract),
      extract: { .some($0) })
  }

  /// The kind a plugin's declaration names, as the host checks it.
  static func code(_ kind: PluginDescription.ArgumentKind) -> ArgumentKindCode {
    switch kind {
    case .integer: .integer(nil)
    case .text: .text
    case .choice(let words): .choice(words)
    case .tab: .tab
    case .screenType: .screenType
    case .path: .path
    }
  }
}
