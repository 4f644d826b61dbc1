@_spi(Host) import TabShellKit

/// `tab`, `swipe`, `last-tab`, `next-tab`, `previous-tab`, `choose-tab`: selecting tabs as a user
/// would.
enum NavigationCommands {
  static let all = [tab, swipe, lastTab, nextTab, previousTab, ChooseTabCommand.chooseTab]

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

  static let nextTab = Declaration(
    name: "next-tab", abstract: "tap the next tab, from the last one the first (prefix n)",
    discussion: """
      As tmux's next-window: the tab after the selected one that is enabled, wrapping around \
      the ends (a swipe bounces there instead). With no other enabled tab nothing changes.
      """
  ) { interpreter, _ in
    try interpreter.tapNeighbour(step: 1)
  }

  static let previousTab = Declaration(
    name: "previous-tab", abstract: "tap the previous tab, from the first one the last (prefix p)",
    discussion: """
      As tmux's previous-window: the tab before the selected one that is enabled, wrapping \
      around the ends. With no other enabled tab nothing changes.
      """
  ) { interpreter, _ in
    try interpreter.tapNeighbour(step: -1)
  }
}

extension Interpreter {
  /// `next-tab` (`step` 1), `previous-tab` (-1): taps the nearest enabled tab that way, wrapping
  /// around the ends; nothing when the selected tab is the only one enabled.
  func tapNeighbour(step: Int) throws {
    let tabs = shell.model.tabs
    guard let selected = shell.model.selectedIndex else { throw ShellError.noTabs }
    var index = selected
    for _ in 1..<max(1, tabs.count) {
      index = (index + step + tabs.count) % tabs.count
      if tabs[index].item.isEnabled {
        try send(.tap(.position(index + 1)))
        return
      }
    }
  }
}
