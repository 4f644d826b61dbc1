@_spi(Host) import TabShellKit

/// `hide-bar`, `show-bar`, `toggle-bar`, `badge`, `disable-tab`, `enable-tab`.
enum BarCommands {
  static let all = [hideBar, showBar, toggleBar, badge, disableTab, enableTab]

  static let hideBar = Declaration(name: "hide-bar", abstract: "hide the tab bar") {
    interpreter, _ in try interpreter.send(.setBarHidden(true))
  }

  static let showBar = Declaration(name: "show-bar", abstract: "show the tab bar") {
    interpreter, _ in try interpreter.send(.setBarHidden(false))
  }

  static let toggleBar = Declaration(
    name: "toggle-bar", abstract: "hide the tab bar when it is shown, else show it"
  ) { interpreter, _ in try interpreter.send(.toggleBar) }

  static let target = Argument<TabReference>("TAB", .tab, abstract: "a position, an id or a title")
  static let value = Argument("VALUE", optional: .text, abstract: "the badge's text")
  static let clear = Option(flag: "--clear", abstract: "remove the badge")

  static let badge = Declaration(
    name: "badge", parameters: [target, value, clear],
    abstract: "set a tab's badge, or clear it with --clear", validate: checkBadge,
    run: { interpreter, arguments in
      try interpreter.send(.setBadge(arguments[target], to: arguments[value]))
    })

  /// A VALUE or `--clear`, one of the two.
  @Sendable static func checkBadge(_ arguments: Arguments, _ declaration: Declaration)
    throws(LanguageError)
  {
    switch (arguments[value], arguments[clear]) {
    case (let value?, true):
      throw .failed("'badge' takes a VALUE or --clear, not both (got \(quoted(value)))")
    case (nil, false):
      throw .missingArgument(command: "badge", argument: "VALUE", usage: declaration.usage)
    default: break
    }
  }

  static let disableTab = Declaration(
    name: "disable-tab", parameters: [target],
    abstract: "disable a tab: taps fail and swipes pass over it"
  ) { interpreter, arguments in try interpreter.send(.setEnabled(arguments[target], false)) }

  static let enableTab = Declaration(
    name: "enable-tab", parameters: [target], abstract: "enable a disabled tab"
  ) { interpreter, arguments in try interpreter.send(.setEnabled(arguments[target], true)) }
}
