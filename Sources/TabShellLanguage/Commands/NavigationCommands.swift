@_spi(Host) import TabShellKit

/// `tab`, `swipe`, `last-tab`: selecting tabs as a user would.
enum NavigationCommands {
  static let all = [tab, swipe, lastTab]

  static let target = Argument<TabReference>("TAB", .tab, abstract: "a position, an id or a title")

  static let tab = Declaration(
    name: "tab", aliases: ["select"], parameters: [target],
    abstract: "tap a tab (tapping the selected tab pops it to its root)",
    discussion: """
      Runs the should-select hooks first; a 'deny' there changes nothing. Fails while a modal \
      screen is presented or when the tab is disabled.
      """
  ) { interpreter, arguments in
    try interpreter.send(.tap(arguments[target]))
  }

  static let direction = Argument(
    "DIRECTION", .direction, abstract: "left (to the next tab) or right")
  static let cancel = Option(
    flag: "--cancel", abstract: "abandon the swipe half-way: the selection stays")

  static let swipe = Declaration(
    name: "swipe", parameters: [direction, cancel],
    abstract: "swipe to the next (left) or previous (right) tab",
    discussion: """
      At either end nothing changes (a bounce). Swipes pass over disabled tabs and run the \
      should-select hooks like taps.
      """
  ) { interpreter, arguments in
    try interpreter.send(.swipe(arguments[direction], cancelled: arguments[cancel]))
  }

  static let lastTab = Declaration(
    name: "last-tab", abstract: "tap the previously selected tab"
  ) { interpreter, _ in
    try interpreter.send(.selectLastTab)
  }
}
