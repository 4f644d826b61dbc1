import BuiltinScreens
@_spi(Host) import TabShellKit
import Testing

@Suite("Built-in layouts reach their documented start state")
struct LayoutTests {
  @Test func swipeableStartsOnTheMiddlePageWithOnlyItLoaded() throws {
    let (shell, _) = try makeShell()
    try shell.apply(layout: "swipeable")
    #expect(
      snapshot(shell) == """
        selected 2, bar shown, modal none, visible play
        1 music "Music" page unloaded [music]
        2 play "Play" page loaded [play]
        3 star "Star" page unloaded [star]
        """)
    #expect(shell.tabs.map(\.item.selectedIcon) == ["♫", "▶", "★"])
    #expect(shell.bar.appearance.positioning == .centered)
    #expect(shell.bar.appearance.renderingMode == .original)
  }

  @Test func xianyuHasFourTabsAndACentrePostButton() throws {
    let (shell, _) = try makeShell()
    try shell.apply(layout: "xianyu")
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal none, visible home, action post 发布
        1 home "首页" text loaded [home]
        2 pond "鱼塘" text unloaded [pond]
        3 messages "消息" text unloaded [messages]
        4 me "我的" text unloaded [me]
        """)
  }

  @Test func profileDeclaresItsItemsFromOneEnumeration() throws {
    let (shell, _) = try makeShell()
    try shell.apply(layout: "profile")
    #expect(shell.tabs.map(\.item.title) == ["Home", "Search", "Favourites", "Profile"])
    #expect(shell.tabs.map(\.item.icon) == ["○", "◇", "♡", "☆"])
    #expect(shell.tabs.map(\.item.selectedIcon) == ["●", "◆", "♥", "★"])
    #expect(shell.selectedPosition == 1)
  }

  @Test func lifecycleLogsAndTheSecondScreenHidesTheBar() throws {
    let (shell, log) = try makeShell()
    try step(
      shell, log, { try shell.apply(layout: "lifecycle") },
      events: [
        "init first", "tab-added 1 first", "viewDidLoad first", "viewWillAppear first",
        "viewDidAppear first", "did-select 1 first", "log first: First: init",
        "log first: First: viewDidLoad", "log first: First: viewWillAppear",
        "log first: First: viewDidAppear", "init second", "tab-added 2 second",
        "log second: Second: init", "init third", "tab-added 3 third", "log third: Third: init",
      ],
      state: """
        selected 1, bar shown, modal none, visible first
        1 first "First" logger loaded [first]
        2 second "Second" logger unloaded [second]
        3 third "Third" logger unloaded [third]
        """)
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 2 second", "viewDidLoad second", "viewWillAppear second",
        "viewWillDisappear first", "viewDidDisappear first", "viewDidAppear second",
        "did-select 2 second", "bar-hidden", "log second: Second: viewDidLoad",
        "log second: Second: viewWillAppear", "log first: First: viewWillDisappear",
        "log first: First: viewDidDisappear", "log second: Second: viewDidAppear",
      ],
      state: """
        selected 2, bar hidden, modal none, visible second
        1 first "First" logger loaded [first]
        2 second "Second" logger loaded [second]
        3 third "Third" logger unloaded [third]
        """)
    #expect(shell.isBarHidden)
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 3 third", "viewDidLoad third", "viewWillAppear third",
        "viewWillDisappear second", "viewDidDisappear second", "viewDidAppear third",
        "did-select 3 third", "bar-shown", "log third: Third: viewDidLoad",
        "log third: Third: viewWillAppear", "log second: Second: viewWillDisappear",
        "log second: Second: viewDidDisappear", "log third: Third: viewDidAppear",
      ],
      state: """
        selected 3, bar shown, modal none, visible third
        1 first "First" logger loaded [first]
        2 second "Second" logger loaded [second]
        3 third "Third" logger loaded [third]
        """)
    #expect(!shell.isBarHidden)
    #expect(
      snapshot(shell) == """
        selected 3, bar shown, modal none, visible third
        1 first "First" logger loaded [first]
        2 second "Second" logger loaded [second]
        3 third "Third" logger loaded [third]
        """)
  }

  @Test func demoHasABadgeAndAnActionButton() throws {
    let (shell, _) = try makeShell()
    try shell.apply(layout: "demo")
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal none, visible home, action post Post
        1 home "Home" text loaded [home]
        2 feed "Feed" page unloaded [feed]
        3 inbox "Inbox" logger unloaded [inbox] badge 3
        4 profile "Profile" text unloaded [profile]
        """)
  }

  @Test func applyingALayoutReplacesTheTabs() throws {
    let (shell, _) = try makeShell(tabs: ["a", "b"])
    try shell.setBarHidden(true)
    try shell.apply(layout: "profile")
    #expect(shell.tabCount == 4)
    #expect(!shell.isBarHidden)
    #expect(
      throws: ShellError.unknownLayout(
        "xianyo", suggestion: "xianyu",
        available: ["demo", "lifecycle", "profile", "swipeable", "xianyu"])
    ) {
      try shell.apply(layout: "xianyo")
    }
  }
}
