import TabShellKit

/// `add-tab`, `close-tab`, `move-tab`, `rename-tab`, `add-action`, `action`, `layout`.
enum TabCommands {
  static let all: [BuiltinCommand] = [
    addTab, closeTab, moveTab, renameTab, addAction, action, layout,
  ].map { BuiltinCommand($0, family: "Tabs") }

  /// `--text` and `--param`, which every command that makes a screen takes.
  static let screenOptions: [OptionDeclaration] = [
    .option("--text", .text, valueName: "TEXT", abstract: "the screen's text (parameter 'text')"),
    .option(
      "--param", .text, valueName: "KEY=VALUE",
      abstract: "a parameter for the screen type (repeatable), e.g. color=red"),
  ]

  /// The parameters given with `--text` and `--param`.
  static func parameters(_ arguments: ParsedArguments) -> [String: String] {
    var parameters: [String: String] = [:]
    for option in arguments.options {
      if option.name == "--text" { parameters["text"] = option.value }
      if option.name == "--param", let equals = option.value.firstIndex(of: "=") {
        parameters[String(option.value[..<equals])] = String(
          option.value[option.value.index(after: equals)...])
      }
    }
    return parameters
  }

  static let addTab = CommandDeclaration<Interpreter>(
    "add-tab",
    arguments: [.init("TYPE", .screenType, abstract: "the root screen's type")],
    options: [
      .option("--id", .text, valueName: "ID", abstract: "the tab's id (default: from its type)"),
      .option("--title", .text, valueName: "TITLE", abstract: "the bar item's title"),
      .option("--icon", .text, valueName: "G", abstract: "the bar item's icon"),
      .option("--selected-icon", .text, valueName: "G", abstract: "the icon while selected"),
      .option("--at", .integer, valueName: "N", abstract: "the position (default: the end)"),
    ] + screenOptions,
    abstract: "add a tab whose root is a new screen of TYPE",
    discussion: "The first tab added becomes the selection and appears at once."
  ) { interpreter, arguments in
    try interpreter.shell.addTab(
      type: arguments.positionals[0], id: arguments.value(of: "--id"),
      title: arguments.value(of: "--title"), icon: arguments.value(of: "--icon"),
      selectedIcon: arguments.value(of: "--selected-icon"),
      at: arguments.value(of: "--at").flatMap { Int($0) }, parameters: parameters(arguments))
  }

  static let closeTab = CommandDeclaration<Interpreter>(
    "close-tab", arguments: [.init("TAB", .tab)],
    abstract: "close a tab; its screens leave for good"
  ) { interpreter, arguments in try interpreter.shell.closeTab(arguments.positionals[0]) }

  static let moveTab = CommandDeclaration<Interpreter>(
    "move-tab",
    arguments: [.init("TAB", .tab), .init("N", .integer, abstract: "the new position")],
    abstract: "move a tab to position N; the selection stays with its tab"
  ) { interpreter, arguments in
    try interpreter.shell.moveTab(arguments.positionals[0], to: Int(arguments.positionals[1]) ?? 0)
  }

  static let renameTab = CommandDeclaration<Interpreter>(
    "rename-tab", arguments: [.init("TAB", .tab), .init("TITLE", .text)],
    abstract: "change a tab's title"
  ) { interpreter, arguments in
    try interpreter.shell.renameTab(arguments.positionals[0], to: arguments.positionals[1])
  }

  static let addAction = CommandDeclaration<Interpreter>(
    "add-action",
    arguments: [.init("TYPE", .screenType, abstract: "the type of the screen it presents")],
    options: [
      .option("--title", .text, valueName: "TITLE", abstract: "the button's title"),
      .option("--icon", .text, valueName: "G", abstract: "the button's icon"),
    ],
    abstract: "set the centre action button, which presents a screen of TYPE"
  ) { interpreter, arguments in
    try interpreter.shell.setActionButton(
      type: arguments.positionals[0], title: arguments.value(of: "--title"),
      icon: arguments.value(of: "--icon"))
  }

  static let action = CommandDeclaration<Interpreter>(
    "action", abstract: "tap the action button: its screen is presented modally"
  ) { interpreter, _ in try interpreter.shell.tapActionButton() }

  static let layout = CommandDeclaration<Interpreter>(
    "layout",
    arguments: [.init("NAME", .layout, abstract: "swipeable, xianyu, profile, lifecycle, demo...")],
    abstract: "replace every tab with a built-in layout"
  ) { interpreter, arguments in try interpreter.shell.apply(layout: arguments.positionals[0]) }
}
