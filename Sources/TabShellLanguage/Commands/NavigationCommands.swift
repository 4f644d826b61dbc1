import TabShellKit

/// `tab`, `swipe`, `last-tab`: selecting tabs as a user would.
enum NavigationCommands {
  static let all: [BuiltinCommand] = [tab, swipe, lastTab].map {
    BuiltinCommand($0, family: "Navigation")
  }

  static let tab = CommandDeclaration<Interpreter>(
    "tab", aliases: ["select"],
    arguments: [.init("TAB", .tab, abstract: "a position, an id or a title")],
    abstract: "tap a tab (tapping the selected tab pops it to its root)",
    discussion: """
      Runs the should-select hooks first; a 'deny' there changes nothing. Fails while a modal \
      screen is presented or when the tab is disabled.
      """
  ) { interpreter, arguments in
    try interpreter.shell.tap(arguments.positionals[0])
  }

  static let swipe = CommandDeclaration<Interpreter>(
    "swipe",
    arguments: [.init("DIRECTION", .direction, abstract: "left (to the next tab) or right")],
    options: [.flag("--cancel", abstract: "abandon the swipe half-way: the selection stays")],
    abstract: "swipe to the next (left) or previous (right) tab",
    discussion: """
      At either end nothing changes (a bounce). Swipes pass over disabled tabs and run the \
      should-select hooks like taps.
      """
  ) { interpreter, arguments in
    let direction: SwipeDirection = arguments.positionals[0] == "left" ? .left : .right
    try interpreter.shell.swipe(direction, cancelled: !arguments.options.isEmpty)
  }

  static let lastTab = CommandDeclaration<Interpreter>(
    "last-tab", abstract: "tap the previously selected tab"
  ) { interpreter, _ in
    try interpreter.shell.selectLastTab()
  }
}
