import TabShellKit

/// `help` and `help CMD`, generated from the declarations.
public enum Help {
  /// Every command by family, then the visible screen's commands.
  static func overview(_ interpreter: Interpreter) -> [String] {
    var lines = ["Commands (help COMMAND for more):"]
    let width = interpreter.table.commands.map(\.declaration.name.count).max() ?? 0
    var family = ""
    for command in interpreter.table.commands {
      if command.family != family {
        family = command.family
        lines.append(family)
      }
      lines.append(row(command.declaration.name, command.declaration.abstract, width: width))
    }
    if let type = interpreter.shell.visibleScreenType, !type.commands.isEmpty {
      lines.append("Commands of the visible screen (type '\(type.name)')")
      for command in type.commands {
        lines.append(row(command.name, command.abstract, width: width))
      }
    }
    return lines
  }

  /// One command: usage, abstract, discussion, arguments, options, aliases.
  static func command(_ name: String, in interpreter: Interpreter) -> [String] {
    if let command = interpreter.table.command(named: name) {
      return describe(command.declaration)
    }
    for type in interpreter.shell.screenTypes {
      if let command = type.commands.first(where: { $0.name == name }) {
        return describe(command) + ["(a command of screen type '\(type.name)')"]
      }
    }
    return ["no command '\(name)'"]
  }

  static func describe<Context>(_ declaration: CommandDeclaration<Context>) -> [String] {
    var lines = ["usage: \(declaration.usage)", declaration.abstract]
    if !declaration.discussion.isEmpty {
      lines.append("")
      lines += declaration.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
    }
    let arguments = declaration.arguments.filter { !$0.abstract.isEmpty }
    let options = declaration.options
    let width = max(
      arguments.map(\.valueName.count).max() ?? 0,
      options.map { optionName($0).count }.max() ?? 0)
    if !arguments.isEmpty {
      lines += ["", "arguments:"]
      lines += arguments.map { row($0.valueName, $0.abstract, width: width) }
    }
    if !options.isEmpty {
      lines += ["", "options:"]
      lines += options.map { row(optionName($0), $0.abstract, width: width) }
    }
    if !declaration.aliases.isEmpty {
      lines += ["", "aliases: " + declaration.aliases.joined(separator: ", ")]
    }
    return lines
  }

  private static func optionName(_ option: OptionDeclaration) -> String {
    option.value == nil ? option.name : "\(option.name) \(option.valueName)"
  }

  private static func row(_ name: String, _ text: String, width: Int) -> String {
    let padding = String(repeating: " ", count: max(0, width - name.count))
    return "  \(name)\(padding)  \(text)"
  }
}

extension Help {
  /// The command reference (`docs/Commands.md`), generated from the same declarations as `help`.
  public static func reference(_ table: CommandTable = .standard) -> String {
    var lines = [
      "# TabShell command reference",
      "",
      "Generated from the command declarations, like `help` (`TABSHELL_RECORD_REFERENCE=1 swift test"
        + " --filter CommandReferenceTests` writes it again). Every command is also described by"
        + " `help COMMAND` in the shell.",
    ]
    var family = ""
    for command in table.commands {
      if command.family != family {
        family = command.family
        lines += ["", "## \(family)"]
      }
      lines += ["", "### `\(command.declaration.name)`", "", "```"]
      lines += describe(command.declaration)
      lines.append("```")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
