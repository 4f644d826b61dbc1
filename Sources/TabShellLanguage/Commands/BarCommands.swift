import TabShellKit

/// `hide-bar`, `show-bar`, `toggle-bar`, `badge`, `disable-tab`, `enable-tab`.
enum BarCommands {
  static let all: [BuiltinCommand] =
    [hideBar, showBar, toggleBar].map { BuiltinCommand($0, family: "Bar") }
    + [BuiltinCommand(badge, family: "Bar", check: checkBadge)]
    + [disableTab, enableTab].map { BuiltinCommand($0, family: "Bar") }

  static let hideBar = CommandDeclaration<Interpreter>("hide-bar", abstract: "hide the tab bar") {
    interpreter, _ in interpreter.shell.setBarHidden(true)
  }

  static let showBar = CommandDeclaration<Interpreter>("show-bar", abstract: "show the tab bar") {
    interpreter, _ in interpreter.shell.setBarHidden(false)
  }

  static let toggleBar = CommandDeclaration<Interpreter>(
    "toggle-bar", abstract: "hide the tab bar when it is shown, else show it"
  ) { interpreter, _ in interpreter.shell.toggleBar() }

  static let badge = CommandDeclaration<Interpreter>(
    "badge",
    arguments: [
      .init("TAB", .tab, abstract: "a position, an id or a title"),
      .init("VALUE", .text, optional: true, abstract: "the badge's text"),
    ],
    options: [.flag("--clear", abstract: "remove the badge")],
    abstract: "set a tab's badge, or clear it with --clear"
  ) { interpreter, arguments in
    try interpreter.shell.setBadge(arguments.positionals[0], to: arguments[1])
  }

  @Sendable static func checkBadge(_ arguments: ParsedArguments) throws(LanguageError) {
    let clear = arguments.has("--clear")
    if clear, let value = arguments[1] {
      throw .failed("'badge' takes a VALUE or --clear, not both (got '\(value)')")
    }
    if !clear, arguments[1] == nil {
      throw .missingArgument(command: "badge", argument: "VALUE", usage: badge.usage)
    }
  }

  static let disableTab = CommandDeclaration<Interpreter>(
    "disable-tab", arguments: [.init("TAB", .tab)],
    abstract: "disable a tab: taps fail and swipes pass over it"
  ) { interpreter, arguments in try interpreter.shell.setEnabled(arguments.positionals[0], false) }

  static let enableTab = CommandDeclaration<Interpreter>(
    "enable-tab", arguments: [.init("TAB", .tab)], abstract: "enable a disabled tab"
  ) { interpreter, arguments in try interpreter.shell.setEnabled(arguments.positionals[0], true) }
}
