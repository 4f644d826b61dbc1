@_spi(Host) import TabShellKit

/// `help` and `help CMD`, generated from the declarations.
package enum Help {
  /// Every command by family, then the visible screen's commands.
  static func overview(_ interpreter: Interpreter) -> [String] {
    var lines = ["Commands (help COMMAND for more):"]
    let width = interpreter.table.names.map(\.count).max() ?? 0
    for family in interpreter.table.families {
      lines.append(family.name)
      lines += family.commands.map { row($0.name, $0.abstract, width: width) }
    }
    if let type = interpreter.shell.visibleScreenType, !type.commands.isEmpty {
      lines.append("Commands of the visible screen (type '\(type.name)')")
      lines += type.commands.map { row($0.name, $0.abstract, width: width) }
    }
    return lines
  }

  /// One command: usage, abstract, discussion, subcommands, arguments, options, aliases.
  static func command(_ name: String, in interpreter: Interpreter) -> [String] {
    if let command = interpreter.table.command(named: name) { return describe(command) }
    if let (command, type) = interpreter.screenCommand(named: name) {
      return describe(command) + ["(a command of screen type '\(type)')"]
    }
    return ["no command '\(name)'"]
  }

  static func describe(_ declaration: Declaration) -> [String] {
    var lines = ["usage: \(declaration.usage)", declaration.abstract]
    if !declaration.discussion.isEmpty {
      lines.append("")
      lines += declaration.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(
        String.init)
    }
    if !declaration.subcommands.isEmpty {
      lines.append("")
      for var subcommand in declaration.subcommands {
        subcommand.parent = declaration.name
        lines.append("\(subcommand.usage)  — \(subcommand.abstract)")
        if !subcommand.discussion.isEmpty { lines.append("    " + subcommand.discussion) }
      }
    }
    let arguments = declaration.positionals.filter { !$0.spec.abstract.isEmpty }
    let options = declaration.parameters.filter { $0.spec.role != .positional }
    let width = max(
      arguments.map(\.spec.name.count).max() ?? 0,
      options.map { optionName($0.spec).count }.max() ?? 0)
    if !arguments.isEmpty {
      lines += ["", "arguments:"]
      lines += arguments.map { row($0.spec.name, $0.spec.abstract, width: width) }
    }
    if !options.isEmpty {
      lines += ["", "options:"]
      lines += options.map { row(optionName($0.spec), $0.spec.abstract, width: width) }
    }
    if !declaration.aliases.isEmpty {
      lines += ["", "aliases: " + declaration.aliases.joined(separator: ", ")]
    }
    return lines
  }

  private static func optionName(_ spec: Parameter.Spec) -> String {
    spec.role == .flag ? spec.name : "\(spec.name) \(spec.valueName)"
  }

  private static func row(_ name: String, _ text: String, width: Int) -> String {
    let padding = String(repeating: " ", count: max(0, width - name.count))
    return "  \(name)\(padding)  \(text)"
  }
}

extension Help {
  /// The command reference (`docs/Commands.md`), generated from the same declarations as `help`.
  package static func reference() -> String {
    var lines = [
      "# TabShell command reference",
      "",
      "Generated from the command declarations, like `help` (`TABSHELL_RECORD_REFERENCE=1 swift test"
        + " --filter CommandReferenceTests` writes it again). Every command is also described by"
        + " `help COMMAND` in the shell.",
    ]
    for family in CommandTable.standard.families {
      lines += ["", "## \(family.name)"]
      for command in family.commands {
        lines += ["", "### `\(command.name)`", "", "```"]
        lines += describe(command)
        lines.append("```")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
