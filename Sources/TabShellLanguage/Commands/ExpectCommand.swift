import TabShellKit

/// `expect CHECK ...`: each check is declared once (its usage is generated), and a failure says what
/// was expected and what is.
enum ExpectCommand {
  static let forms: [CommandDeclaration<Interpreter>] = [
    .init("selected", arguments: [.init("TAB", .tab)], abstract: "TAB is the selected tab") {
      interpreter, arguments in
      let shell = interpreter.shell
      let expected = try shell.position(of: arguments.positionals[0])
      guard let selected = shell.selectedPosition, let tab = shell.tab(at: selected) else {
        throw LanguageError.expectFailed("no tab is selected, expected \(name(shell, expected))")
      }
      if selected != expected {
        throw LanguageError.expectFailed(
          "selected tab is '\(tab.id)' (\(selected)), expected \(name(shell, expected))")
      }
    },
    .init(
      "title", arguments: [.init("TAB", .tab), .init("TITLE", .text)],
      abstract: "TAB's title is TITLE"
    ) { interpreter, arguments in
      let (position, tab) = try tab(interpreter.shell, arguments.positionals[0])
      let expected = arguments.positionals[1]
      if tab.item.title != expected {
        throw LanguageError.expectFailed(
          "title of tab '\(tab.id)' (\(position)) is '\(tab.item.title)', expected '\(expected)'")
      }
    },
    .init(
      "bar", arguments: [.init("STATE", .choice(["hidden", "shown"]))],
      abstract: "the bar is hidden or shown"
    ) { interpreter, arguments in
      let actual = interpreter.shell.isBarHidden ? "hidden" : "shown"
      let expected = arguments.positionals[0]
      if actual != expected {
        throw LanguageError.expectFailed("bar is \(actual), expected \(expected)")
      }
    },
    .init(
      "badge",
      arguments: [.init("TAB", .tab), .init("VALUE", .text, abstract: "a badge, or none")],
      abstract: "TAB's badge is VALUE (none: no badge)"
    ) { interpreter, arguments in
      let (position, tab) = try tab(interpreter.shell, arguments.positionals[0])
      let expected = arguments.positionals[1] == "none" ? nil : arguments.positionals[1]
      if tab.item.badge != expected {
        throw LanguageError.expectFailed(
          "badge of tab '\(tab.id)' (\(position)) is \(show(tab.item.badge)), expected \(show(expected))"
        )
      }
    },
    .init(
      "depth", arguments: [.init("TAB", .tab), .init("N", .integer)],
      abstract: "TAB's stack holds N screens (1: only its root)"
    ) { interpreter, arguments in
      let (position, tab) = try tab(interpreter.shell, arguments.positionals[0])
      let expected = Int(arguments.positionals[1]) ?? 0
      if tab.stack.count != expected {
        throw LanguageError.expectFailed(
          "depth of tab '\(tab.id)' (\(position)) is \(tab.stack.count), expected \(expected)")
      }
    },
    .init(
      "loaded", arguments: [.init("TAB", .tab), .init("ANSWER", .choice(["yes", "no"]))],
      abstract: "TAB's root screen has (yes) or has not (no) loaded"
    ) { interpreter, arguments in
      let (position, tab) = try tab(interpreter.shell, arguments.positionals[0])
      let expected = arguments.positionals[1] == "yes"
      if tab.isLoaded != expected {
        throw LanguageError.expectFailed(
          "tab '\(tab.id)' (\(position)) is \(tab.isLoaded ? "" : "not ")loaded, expected "
            + (expected ? "loaded" : "not loaded"))
      }
    },
    .init("tabs", arguments: [.init("N", .integer)], abstract: "there are N tabs") {
      interpreter, arguments in
      let count = interpreter.shell.tabCount
      let expected = Int(arguments.positionals[0]) ?? 0
      if count != expected {
        throw LanguageError.expectFailed(
          "there \(count == 1 ? "is" : "are") \(count) tab\(count == 1 ? "" : "s"), expected \(expected)"
        )
      }
    },
  ]

  static let declaration = CommandDeclaration<Interpreter>(
    "expect",
    arguments: [
      .init("CHECK", .choice(forms.map(\.name))),
      .init("ARGS", .text, optional: true, variadic: true),
    ],
    abstract: "check the state; on failure, say what was expected and what is",
    discussion: forms.map { "expect \($0.usage)  — \($0.abstract)" }.joined(separator: "\n")
  ) { interpreter, arguments in
    let (form, rest) = try bind(arguments)
    try form.run(interpreter, rest)
  }

  /// The check's declaration and its own arguments.
  static func bind(_ arguments: ParsedArguments) throws(LanguageError)
    -> (CommandDeclaration<Interpreter>, ParsedArguments)
  {
    guard let form = forms.first(where: { $0.name == arguments.positionals[0] }) else {
      throw .unknownCommand(arguments.positionals[0], suggestion: nil)
    }
    var named = form
    named.name = "expect \(form.name)"
    return (form, try ArgumentBinder.bind(arguments.positionals.dropFirst(), to: named))
  }

  @Sendable static func check(_ arguments: ParsedArguments) throws(LanguageError) {
    _ = try bind(arguments)
  }

  private static func tab(_ shell: Shell, _ reference: String) throws(ShellError) -> (Int, TabInfo)
  {
    let position = try shell.position(of: reference)
    guard let tab = shell.tab(at: position) else { throw .noSuchTab(reference) }
    return (position, tab)
  }

  private static func name(_ shell: Shell, _ position: Int) -> String {
    "'\(shell.tab(at: position)?.id ?? "?")' (\(position))"
  }

  private static func show(_ badge: String?) -> String { badge.map { "'\($0)'" } ?? "none" }
}
