@_spi(Host) import TabShellKit
import Testing

/// What a screen tells the shell of itself (docs/Contract.md, "Terminal tabs"): a title of its own,
/// which a given title wins over; the bell and activity, which mark a tab that is not selected until
/// it is selected; an end with a status. Each step states the exact events and the whole state.
@Suite("A screen's title of its own, bells, activity and ends")
struct ScreenNewsTests {
  @Test func aScreensOwnTitleIsItsTabsUnlessOneWasGiven() throws {
    let (shell, log) = try makeShell { shell in
      try shell.addTab(type: "text", id: "a")
      try shell.addTab(type: "text", id: "b", title: "Given")
    }
    let titled = """
      selected 1, bar shown, modal none, visible a
      1 a "mine" text loaded [a]
      2 b "Given" text unloaded [b]
      """
    try step(shell, log, .request(.setTitle("mine"), from: "a"), events: [], state: titled)
    try step(shell, log, .request(.setTitle("mine"), from: "b"), events: [], state: titled)
    // A tab renamed keeps its name from then on.
    try shell.renameTab("a", to: "Renamed")
    try step(
      shell, log, .request(.setTitle("again"), from: "a"), events: [],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "Renamed" text loaded [a]
        2 b "Given" text unloaded [b]
        """)
    // A pushed screen's title is its own: the tab's stays.
    _ = try shell.push(type: "text", id: "p")
    log.skip("the push, tested elsewhere")
    try step(
      shell, log, .request(.setTitle("pushed"), from: "p"), events: [],
      state: """
        selected 1, bar shown, modal none, visible p
        1 a "Renamed" text loaded [a p]
        2 b "Given" text unloaded [b]
        """)
    #expect(shell.model.screen(id: "p")?.title == "pushed")
  }

  /// Whoever sets a screen's own title (a Swift screen, a process plugin's `host/setTitle`, a
  /// terminal's program), the shell keeps it made safe: control characters written out, at most 64
  /// characters (a written-out control is never cut), blanks at either end dropped.
  @Test func aScreensOwnTitleIsMadeSafeAndCapped() throws {
    let (shell, log) = try makeShell { shell in
      try shell.addTab(type: "text", id: "a")
    }
    func title(_ id: String) -> String? { shell.model.screen(id: id)?.title }
    try shell.send(.request(.setTitle("  \u{1B}]0;x\u{07} \u{202E}cba\u{85}  "), from: "a"))
    #expect(title("a") == #"\u{1B}]0;x\u{7} \u{202E}cba\u{85}"#)
    #expect(shell.tabs.first?.item.title == title("a"))
    let long = String(repeating: "0123456789", count: 10)
    try shell.send(.request(.setTitle(long), from: "a"))
    #expect(title("a") == String(long.prefix(64)))
    // 60 characters, then an escape that would go past 64: cut before it, never inside it.
    try shell.send(.request(.setTitle(String(long.prefix(60)) + "\u{1B}[2J"), from: "a"))
    #expect(title("a") == String(long.prefix(60)))
    try shell.send(.request(.setTitle(" \u{1B}"), from: "a"))
    #expect(title("a") == #"\u{1B}"#)
    try shell.send(.request(.setTitle("   "), from: "a"))
    #expect(title("a") == "")
    // A screen pushed by a screen's request gets its title made safe too.
    try shell.send(.request(.push(type: "text", title: "p\u{9B}2J", hidesBar: false), from: "a"))
    #expect(shell.model.tabs.first?.stack.last?.title == #"p\u{9B}2J"#)
    log.skip("the titles (no event) and the push, tested elsewhere")
  }

  /// A title given (`add-tab --title`, `rename-tab`, the action button's `--title`, a plugin
  /// calling the shell) is kept by the same rule as a screen's own (``screenTitle(_:)``), and a tab
  /// is still found by its title as it was given.
  @Test func aGivenTitleIsMadeSafeByTheSameRule() throws {
    let long = String(repeating: "0123456789", count: 10)
    let (shell, log) = try makeShell { shell in
      try shell.addTab(type: "text", id: "a", title: "  \u{1B}]0;x\u{07} \u{202E}cba  ")
      try shell.addTab(type: "text", id: "b", title: long)
      try shell.setActionButton(type: "text", title: "p\u{9B}2J\u{2066}")
    }
    func titles(_ id: String) -> [String?] {
      let tab = shell.model.tabs.first { $0.id == id }
      return [tab?.item.title, shell.model.screen(id: id)?.title]
    }
    #expect(titles("a") == [#"\u{1B}]0;x\u{7} \u{202E}cba"#, #"\u{1B}]0;x\u{7} \u{202E}cba"#])
    #expect(titles("b") == [String(long.prefix(64)), String(long.prefix(64))])
    #expect(shell.bar.actionButton?.title == #"p\u{9B}2J\u{2066}"#)
    try shell.renameTab(.name("b"), to: " \u{7}\u{200F}" + long)
    let renamed = #"\u{7}\u{200F}"# + String(long.prefix(50))
    #expect(titles("b") == [renamed, renamed])
    // Found as given, as kept, and in another case.
    #expect(try shell.model.index(of: .name("  \u{1B}]0;x\u{07} \u{202E}cba  ")) == 0)
    #expect(try shell.model.index(of: .name(#"\u{1B}]0;x\u{7} \u{202E}CBA"#)) == 0)
    #expect(try shell.model.index(of: .name(" \u{7}\u{200F}" + long)) == 1)
    log.skip("renaming makes no event")
  }

  @Test func aBellOrActivityMarksATabThatIsNotSelectedUntilItIsSelected() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c"])
    try step(
      shell, log, .request(.bell, from: "b"), events: ["bell b"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b] bell
        3 c "C" text unloaded [c]
        """)
    let marked = """
      selected 1, bar shown, modal none, visible a
      1 a "A" text loaded [a]
      2 b "B" text unloaded [b] bell
      3 c "C" text unloaded [c] activity
      """
    try step(shell, log, .request(.activity, from: "c"), events: ["activity c"], state: marked)
    // The selected tab is never marked; the event still fires.
    try step(shell, log, .request(.bell, from: "a"), events: ["bell a"], state: marked)
    try step(
      shell, log, .tap(.name("b")),
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        3 c "C" text unloaded [c] activity
        """)
    // A swipe's selection clears the marks too.
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 3 c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear b",
        "viewDidDisappear b", "viewDidAppear c", "did-select 3 c",
      ],
      state: """
        selected 3, bar shown, modal none, visible c
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        3 c "C" text loaded [c]
        """)
  }

  /// A tab that rang stays marked until it is selected, and rings no more till then: a program
  /// that rings in a loop is one `bell` (and its hooks run once), not one per round. So with
  /// activity, whatever screen says it.
  @Test func aMarkedTabRingsOnceUntilItIsSelected() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    let marked = """
      selected 1, bar shown, modal none, visible a
      1 a "A" text loaded [a]
      2 b "B" text unloaded [b] bell
      """
    try step(shell, log, .request(.bell, from: "b"), events: ["bell b"], state: marked)
    try step(shell, log, .request(.bell, from: "b"), events: [], state: marked)
    try step(shell, log, .request(.bell, from: "b"), events: [], state: marked)
    // Activity still marks it, once: a marked tab has no more until it is selected.
    let both = """
      selected 1, bar shown, modal none, visible a
      1 a "A" text loaded [a]
      2 b "B" text unloaded [b] bell activity
      """
    try step(shell, log, .request(.activity, from: "b"), events: ["activity b"], state: both)
    try step(shell, log, .request(.activity, from: "b"), events: [], state: both)
    // Selected (its mark goes), then left: it rings again, once.
    try shell.select("b")
    try shell.select("a")
    log.skip("the selections, tested elsewhere")
    let markedAgain = marked.replacing("\"B\" text unloaded", with: "\"B\" text loaded")
    try step(shell, log, .request(.bell, from: "b"), events: ["bell b"], state: markedAgain)
    try step(shell, log, .request(.bell, from: "b"), events: [], state: markedAgain)
    // The selected tab is never marked: each of its bells is an event.
    let unmarked = """
      selected 2, bar shown, modal none, visible b
      1 a "A" text loaded [a]
      2 b "B" text loaded [b]
      """
    try shell.select("b")
    log.skip("the selection")
    try step(shell, log, .request(.bell, from: "b"), events: ["bell b"], state: unmarked)
    try step(shell, log, .request(.bell, from: "b"), events: ["bell b"], state: unmarked)
  }

  /// A request that changes nothing in the model is not counted in ``Shell/changes`` (a host
  /// draws the whole page anew when the count moves): the same title again, a title where one was
  /// given, a bell or activity in a tab marked so already or selected. One that changes something
  /// is.
  @Test func aRequestThatChangesNothingIsNotCountedAsAChange() throws {
    let (shell, _) = try makeShell { shell in
      try shell.addTab(type: "text", id: "a")
      try shell.addTab(type: "text", id: "b", title: "Given")
      try shell.addTab(type: "text", id: "c")
    }
    func counts(_ request: ScreenRequest.Kind, from screen: String) throws -> Bool {
      let before = shell.changes
      try shell.send(.request(request, from: screen))
      return shell.changes != before
    }
    #expect(try counts(.setTitle("mine"), from: "a"))
    #expect(try !counts(.setTitle("mine"), from: "a"))
    // Made safe the same way: the same title.
    #expect(try !counts(.setTitle("  mine "), from: "a"))
    #expect(try !counts(.setTitle("other"), from: "b"))
    #expect(shell.model.screen(id: "b")?.title == "Given")
    #expect(try counts(.bell, from: "c"))
    #expect(try !counts(.bell, from: "c"))
    #expect(try counts(.activity, from: "c"))
    #expect(try !counts(.activity, from: "c"))
    // The selected tab is never marked: its bell is an event, and no change.
    #expect(try !counts(.bell, from: "a"))
    #expect(try !counts(.activity, from: "a"))
    #expect(try counts(.setTitle("again"), from: "a"))
  }

  @Test func anEndIsAnEventWithItsStatusAndItsTab() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    try step(
      shell, log, .request(.exited(status: 3), from: "b"), events: ["exited b 3"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        """)
    _ = try shell.present(type: "text", id: "m")
    log.skip("the present, tested elsewhere")
    try shell.send(.request(.exited(status: 143), from: "m"))
    try shell.send(.request(.exited(status: 0), from: "b"))
    // The events name the tab that holds the screen; a presented screen is in none.
    #expect(
      log.events == [
        .exited(screen: "m", tab: nil, status: 143), .exited(screen: "b", tab: 2, status: 0),
      ])
    log.skip("checked above")
  }
}
