@_spi(Host) import TabShellKit
import TabShellPlatform
import TabShellRendering

/// `help` and `help CMD`, generated from the declarations, wrapped at the terminal's width.
package enum Help {
  /// Every command by family, then the visible screen's commands, wrapped at `width` columns.
  static func overview(_ interpreter: Interpreter, width: Int) -> [String] {
    wrap(overview(interpreter), width: width)
  }

  /// One command, wrapped at `width` columns; an error when there is none of that name (after a
  /// `load`, names are checked only when `help` runs).
  static func command(_ name: String, in interpreter: Interpreter, width: Int) throws(LanguageError)
    -> [String]
  {
    guard let lines = command(name, in: interpreter) else {
      throw .unknownCommand(name, suggestion: closestMatch(to: name, in: interpreter.commandNames))
    }
    return wrap(lines, width: width)
  }

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
      lines += type.commands.map { row($0.name, Renderer.neutralized($0.abstract), width: width) }
    }
    return lines
  }

  /// One command: usage, abstract, discussion, subcommands, arguments, options, aliases; for a
  /// command that takes a layout or a screen type, those registered now (built-in and plugins'),
  /// each with its summary; for `tui`, the key bindings of each focus now.
  static func command(_ name: String, in interpreter: Interpreter) -> [String]? {
    if let command = interpreter.table.command(named: name) {
      return describe(command) + registered(for: command, in: interpreter)
        + (command.name == TerminalCommands.tui.name ? keys(interpreter) : [])
    }
    if let (command, type) = interpreter.screenCommand(named: name) {
      return describe(command) + ["(a command of screen type '\(type)')"]
    }
    return nil
  }

  /// The key bindings of each focus, from the key table, for `help tui`.
  static func keys(_ interpreter: Interpreter) -> [String] {
    KeyFocus.bindable.flatMap { focus in
      ["", "keys in the \(focus.rawValue) focus:"]
        + interpreter.listKeys(in: focus).map { "  " + Renderer.neutralized($0) }
    }
  }

  /// One command, described; text a plugin declared is neutralized (``Renderer/neutralized(_:keepingLines:)``).
  static func describe(_ declaration: Declaration) -> [String] {
    describeDeclaration(declaration).map { Renderer.neutralized($0) }
  }

  private static func describeDeclaration(_ declaration: Declaration) -> [String] {
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

  /// What `declaration`'s arguments can name that the shell registered when it runs: a section
  /// of rows `NAME  SUMMARY` for the layouts when one of its arguments is a layout, and for the
  /// screen types when one is a screen type (a plugin's summaries neutralized).
  private static func registered(for declaration: Declaration, in interpreter: Interpreter)
    -> [String]
  {
    let kinds = declaration.parameters.map(\.spec.kind)
    var lines: [String] = []
    if kinds.contains(.screenType) {
      lines += section("screen types", interpreter.shell.screenTypes.map { ($0.name, $0.summary) })
    }
    if kinds.contains(.layout) {
      lines += section("layouts", interpreter.shell.layouts.map { ($0.name, $0.summary) })
    }
    return lines
  }

  private static func section(_ title: String, _ entries: [(name: String, summary: String)])
    -> [String]
  {
    let width = entries.map(\.name.count).max() ?? 0
    return ["", "\(title):"]
      + entries.map {
        $0.summary.isEmpty
          ? "  \($0.name)" : row($0.name, Renderer.neutralized($0.summary), width: width)
      }
  }

  private static func optionName(_ spec: ParameterSpec) -> String {
    spec.role == .flag ? spec.name : "\(spec.name) \(spec.valueName)"
  }

  /// A name and its text in two columns; a name with no text ends with it, not with blanks.
  private static func row(_ name: String, _ text: String, width: Int) -> String {
    guard !text.isEmpty else { return "  \(name)" }
    let padding = String(repeating: " ", count: max(0, width - name.count))
    return "  \(name)\(padding)  \(text)"
  }

  /// Lines no wider than `width` columns: a long line breaks at blanks, and its continuations are
  /// indented under the start of its text (after a row's name, or after the usage's command), or
  /// by four columns when that leaves too little room. A usage line breaks only between its parts
  /// (`[--title TITLE]` stays whole).
  package static func wrap(_ lines: [String], width: Int) -> [String] {
    let width = max(20, width)
    var wrapped: [String] = []
    for line in lines {
      if displayWidth(of: line) <= width {
        wrapped.append(line)
        continue
      }
      var indent = hangingIndent(of: line)
      if width - indent < 16 { indent = min(4, width / 4) }
      let head = String(line.prefix(indent))
      var body = String(line.dropFirst(indent))
      let isUsage = line.hasPrefix("usage: ")
      if isUsage { body = keepingBracketsWhole(body) }
      let pad = String(repeating: " ", count: indent)
      for (index, part) in Canvas.wrap(body, width: width - indent).enumerated() {
        let text = isUsage ? part.replacing(text: "\u{A0}", with: " ") : part
        wrapped.append((index == 0 ? head : pad) + text)
      }
    }
    return wrapped
  }

  /// The blanks inside `[...]` made non-breaking.
  private static func keepingBracketsWhole(_ text: String) -> String {
    var depth = 0
    return String(
      text.map { character -> Character in
        if character == "[" { depth += 1 }
        if character == "]" { depth -= 1 }
        return depth > 0 && character == " " ? "\u{A0}" : character
      })
  }

  /// Where the text of a line starts: after `usage: NAME `; after a row's name (or a check's usage)
  /// and the two or more blanks that follow it; the line's own leading blanks otherwise.
  private static func hangingIndent(of line: String) -> Int {
    let characters = Array(line)
    let leading = characters.prefix { $0 == " " }.count
    if line.hasPrefix("usage: ") {
      return (characters[7...].firstIndex(of: " ") ?? 6) + 1
    }
    var index = leading
    while index + 1 < characters.count {
      if characters[index] == " ", characters[index + 1] == " " {
        var end = index
        while end < characters.count, characters[end] == " " { end += 1 }
        return end < characters.count ? end : leading
      }
      index += 1
    }
    return leading
  }

}

extension Help {
  /// A command as a manual page lists it.
  package struct Summary: Sendable {
    /// Its usage line.
    package var usage: String
    /// Its one line of help.
    package var abstract: String
  }

  /// The built-in commands by family, for the manual page.
  package static func families() -> [(name: String, commands: [Summary])] {
    CommandTable.standard.families.map { family in
      (family.name, family.commands.map { Summary(usage: $0.usage, abstract: $0.abstract) })
    }
  }

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
        if command.name == TerminalCommands.tui.name {
          for focus in KeyFocus.bindable {
            let bindings = KeyTable.defaults.filter { $0.focus == focus }.map { ($0.key, $0.line) }
            lines += ["", "keys in the \(focus.rawValue) focus:"]
            lines += KeyTable.rows(bindings).map { "  " + $0 }
          }
        }
        lines.append("```")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
