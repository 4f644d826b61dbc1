@_spi(Host) import TabShellKit

/// `expect CHECK ...`: each check is a subcommand, declared once (its usage is generated), and a
/// failure says what was expected and what is.
enum ExpectCommand {
  static let checks = [
    selected, title, bar, badge, depth, loaded, tabs, visible, modal, output, frame,
    textShown, styleShown, cursorAt, screenShown,
  ]

  static let declaration = Declaration(
    name: "expect", abstract: "check the state; on failure, say what was expected and what is",
    subcommands: checks, effect: .looks
  ) { _, _ in
    // The parser runs the check's own declaration.
  }

  static let target = Argument<TabReference>("TAB", .tab)

  static let selected = check("selected", [target], "TAB is the selected tab") {
    shell, arguments in
    let expected = try shell.position(of: arguments[target])
    guard let selected = shell.selectedPosition, let tab = shell.tab(at: selected) else {
      throw LanguageError.expectFailed("no tab is selected, expected \(name(shell, expected))")
    }
    if selected != expected {
      throw LanguageError.expectFailed(
        "selected tab is '\(tab.id)' (\(selected)), expected \(name(shell, expected))")
    }
  }

  static let expectedTitle = Argument("TITLE", .text)

  static let title = check("title", [target, expectedTitle], "TAB's title is TITLE") {
    shell, arguments in
    let (position, tab) = try tab(shell, arguments[target])
    let expected = arguments[expectedTitle]
    // A title is kept made safe (``screenTitle(_:)``): TITLE is compared as it would be kept.
    if tab.item.title != screenTitle(expected) {
      throw LanguageError.expectFailed(
        "title of tab '\(tab.id)' (\(position)) is '\(Checks.shown(tab.item.title))', expected '\(Checks.shown(expected))'"
      )
    }
  }

  static let barState = Argument("STATE", .choice(["hidden", "shown"]))

  static let bar = check("bar", [barState], "the bar is hidden or shown") { shell, arguments in
    let actual = shell.isBarHidden ? "hidden" : "shown"
    let expected = arguments[barState]
    if actual != expected {
      throw LanguageError.expectFailed("bar is \(actual), expected \(expected)")
    }
  }

  static let badgeValue = Argument("VALUE", .text, abstract: "a badge, or none")

  static let badge = check("badge", [target, badgeValue], "TAB's badge is VALUE (none: no badge)") {
    shell, arguments in
    let (position, tab) = try tab(shell, arguments[target])
    let expected = arguments[badgeValue] == "none" ? nil : arguments[badgeValue]
    if tab.item.badge != expected {
      throw LanguageError.expectFailed(
        "badge of tab '\(tab.id)' (\(position)) is \(show(tab.item.badge)), expected \(show(expected))"
      )
    }
  }

  static let count = Argument("N", .integer)

  static let depth = check(
    "depth", [target, count], "TAB's stack holds N screens (1: only its root)"
  ) { shell, arguments in
    let (position, tab) = try tab(shell, arguments[target])
    let expected = arguments[count]
    if tab.stack.count != expected {
      throw LanguageError.expectFailed(
        "depth of tab '\(tab.id)' (\(position)) is \(tab.stack.count), expected \(expected)")
    }
  }

  static let answer = Argument("ANSWER", .choice(["yes", "no"]))

  static let loaded = check(
    "loaded", [target, answer], "TAB's root screen has (yes) or has not (no) loaded"
  ) { shell, arguments in
    let (position, tab) = try tab(shell, arguments[target])
    let expected = arguments[answer] == "yes"
    if tab.isLoaded != expected {
      throw LanguageError.expectFailed(
        "tab '\(tab.id)' (\(position)) is \(tab.isLoaded ? "" : "not ")loaded, expected "
          + (expected ? "loaded" : "not loaded"))
    }
  }

  static let tabs = check("tabs", [count], "there are N tabs") { shell, arguments in
    let count = shell.tabCount
    let expected = arguments[Self.count]
    if count != expected {
      throw LanguageError.expectFailed(
        "there \(count == 1 ? "is" : "are") \(count) tab\(count == 1 ? "" : "s"), expected \(expected)"
      )
    }
  }

  /// A check of the shell: a subcommand that only looks.
  static func check(
    _ name: String, _ parameters: [Parameter], _ abstract: String, discussion: String = "",
    run: @escaping @Sendable (Shell, Arguments) throws -> Void
  ) -> Declaration {
    check(name, parameters, abstract, discussion: discussion) { interpreter, arguments in
      try run(interpreter.shell, arguments)
    }
  }

  /// A check that reads what the interpreter keeps; each run is counted, passed or failed (for
  /// `--summary`).
  static func check(
    _ name: String, _ parameters: [Parameter], _ abstract: String, discussion: String = "",
    readsOutput: Bool = false,
    validate: (@Sendable (Arguments, Declaration) throws(LanguageError) -> Void)? = nil,
    run: @escaping @Sendable (Interpreter, Arguments) throws -> Void
  ) -> Declaration {
    Declaration(
      name: name, parameters: parameters, abstract: abstract, discussion: discussion,
      validate: validate, effect: .looks, readsOutput: readsOutput, isCheck: true
    ) { interpreter, arguments in
      do {
        try run(interpreter, arguments)
        interpreter.checks.count(passed: true)
      } catch {
        interpreter.checks.count(passed: false)
        throw error
      }
    }
  }

  private static func tab(_ shell: Shell, _ reference: TabReference) throws(ShellError)
    -> (Int, TabInfo)
  {
    let position = try shell.position(of: reference)
    guard let tab = shell.tab(at: position) else { throw .noSuchTab(reference.description) }
    return (position, tab)
  }

  private static func name(_ shell: Shell, _ position: Int) -> String {
    "'\(shell.tab(at: position)?.id ?? "?")' (\(position))"
  }

  private static func show(_ badge: String?) -> String {
    badge.map { "'\(Checks.shown($0))'" } ?? "none"
  }
}
