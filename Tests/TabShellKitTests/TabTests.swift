@_spi(Host) import TabShellKit
import Testing

@Suite("Adding, closing, moving and renaming tabs")
struct TabTests {
  @Test func closingTheSelectedTabSelectsItsRightNeighbour() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c"]) { shell in
      try shell.tap("b")
      try shell.push(type: "text", id: "d")
    }
    try step(
      shell, log, .closeTab("b"),
      events: [
        "tab-closed 2 b", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear d",
        "viewDidDisappear d", "viewDidAppear c", "deinit d", "deinit b", "did-select 2 c",
      ],
      state: """
        selected 2, bar shown, modal none, visible c
        1 a "A" text loaded [a]
        2 c "C" text loaded [c]
        """)
    try step(
      shell, log, .closeTab("c"),
      events: [
        "tab-closed 2 c", "viewWillAppear a", "viewWillDisappear c", "viewDidDisappear c",
        "viewDidAppear a", "deinit c", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        """)
    try step(
      shell, log, .closeTab("a"),
      events: ["tab-closed 1 a", "viewWillDisappear a", "viewDidDisappear a", "deinit a"],
      state: """
        selected none, bar shown, modal none, visible none
        """)
    #expect(snapshot(shell) == "selected none, bar shown, modal none, visible none")
  }

  @Test func closingAnotherTabKeepsTheSelectedTab() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c"]) { try $0.tap("c") }
    try step(
      shell, log, .closeTab("a"), events: ["tab-closed 1 a", "deinit a"],
      state: """
        selected 2, bar shown, modal none, visible c
        1 b "B" text unloaded [b]
        2 c "C" text loaded [c]
        """)
    #expect(shell.selectedPosition == 2)
    #expect(shell.visibleScreen?.id == "c")
  }

  @Test func closingSkipsDisabledNeighbours() throws {
    let (shell, _) = try makeShell(tabs: ["a", "b", "c"])
    try shell.tap("b")
    try shell.setEnabled("c", false)
    try shell.closeTab("b")
    #expect(shell.visibleScreen?.id == "a")
  }

  @Test func movingKeepsTheSelectionWithItsTab() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c"])
    try step(
      shell, log, { try shell.moveTab("a", to: 3) }, events: ["tab-moved 1 -> 3 a"],
      state: """
        selected 3, bar shown, modal none, visible a
        1 b "B" text unloaded [b]
        2 c "C" text unloaded [c]
        3 a "A" text loaded [a]
        """)
    try step(
      shell, log, { try shell.moveTab("c", to: 1) }, events: ["tab-moved 2 -> 1 c"],
      state: """
        selected 3, bar shown, modal none, visible a
        1 c "C" text unloaded [c]
        2 b "B" text unloaded [b]
        3 a "A" text loaded [a]
        """)
    #expect(shell.selectedPosition == 3)
    #expect(throws: ShellError.positionOutOfRange(4, count: 3)) { try shell.moveTab("c", to: 4) }
    try step(
      shell, log, { try shell.moveTab("a", to: 3) }, events: [],
      state: """
        selected 3, bar shown, modal none, visible a
        1 c "C" text unloaded [c]
        2 b "B" text unloaded [b]
        3 a "A" text loaded [a]
        """)
  }

  @Test func addingBeforeTheSelectionKeepsTheSelectedTab() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { try $0.tap("b") }
    try step(
      shell, log, { try shell.addTab(type: "text", id: "z", at: 1) },
      events: ["init z", "tab-added 1 z"],
      state: """
        selected 3, bar shown, modal none, visible b
        1 z "Text" text unloaded [z]
        2 a "A" text loaded [a]
        3 b "B" text loaded [b]
        """)
    #expect(shell.selectedPosition == 3)
    #expect(shell.visibleScreen?.id == "b")
    #expect(throws: ShellError.positionOutOfRange(9, count: 4)) {
      try shell.addTab(type: "text", at: 9)
    }
  }

  @Test func idsAreMadeFromTheTypeAndNeverReused() throws {
    let (shell, _) = try makeShell()
    #expect(try shell.addTab(type: "text") == "text")
    #expect(try shell.addTab(type: "text") == "text-2")
    try shell.closeTab("text-2")
    #expect(try shell.addTab(type: "text") == "text-3")
    #expect(try shell.addTab(type: "text", id: "text-4") == "text-4")
    #expect(try shell.addTab(type: "text") == "text-5")
    #expect(throws: ShellError.idInUse("text")) { try shell.addTab(type: "text", id: "text") }
    #expect(throws: ShellError.invalidID("12")) { try shell.addTab(type: "text", id: "12") }
    #expect(throws: ShellError.invalidID("a b")) { try shell.addTab(type: "text", id: "a b") }
    // An id given with --id may be one whose screen is gone.
    try shell.closeTab("text")
    #expect(try shell.addTab(type: "text", id: "text") == "text")
  }

  /// A tab added again gets a new made id (`text-2`: made ids are never given twice) and is found
  /// by its title in any case; a title several tabs share in some case finds none of them.
  @Test func aTabAddedAgainIsFoundByItsTitleInAnyCase() throws {
    let (shell, _) = try makeShell()
    #expect(try shell.addTab(type: "text", title: "Disks") == "text")
    try shell.closeTab("text")
    #expect(try shell.addTab(type: "text", title: "Disks") == "text-2")
    try shell.select(.name("disks"))
    #expect(shell.visibleScreen?.id == "text-2")
    _ = try shell.addTab(type: "text", title: "DISKS")
    #expect(throws: ShellError.noSuchTab("disks", suggestion: "Disks")) {
      try shell.select(.name("disks"))
    }
  }

  @Test func unknownScreenTypesSuggestTheClosest() throws {
    let (shell, log) = try makeShell()
    #expect(throws: ShellError.unknownScreenType("txet", suggestion: "text")) {
      try shell.addTab(type: "txet")
    }
    #expect(throws: ShellError.unknownScreenType("zzzzzz", suggestion: nil)) {
      try shell.addTab(type: "zzzzzz")
    }
    #expect(log.take() == [])
  }

  @Test func renameBadgeAndEnable() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    try shell.renameTab("b", to: "Bee")
    try shell.setBadge("Bee", to: "5")
    try shell.setBadge("b", to: "5")
    try step(
      shell, log, { try shell.setEnabled("2", false) }, events: ["badge-changed 2 b 5"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "Bee" text unloaded [b] badge 5 disabled
        """)
    try step(
      shell, log, { try shell.setBadge("b", to: nil) }, events: ["badge-changed 2 b none"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "Bee" text unloaded [b] disabled
        """)
    #expect(shell.tab(at: 2)?.stack.first?.title == "Bee")
  }

  @Test func barHideShowToggle() throws {
    let (shell, log) = try makeShell(tabs: ["a"])
    try shell.setBarHidden(true)
    try shell.setBarHidden(true)
    try shell.toggleBar()
    try step(
      shell, log, .toggleBar, events: ["bar-hidden", "bar-shown", "bar-hidden"],
      state: """
        selected 1, bar hidden, modal none, visible a
        1 a "A" text loaded [a]
        """)
    #expect(shell.isBarHidden)
  }

  @Test func resetClosesEverything() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { try $0.present(type: "text", id: "m") }
    try step(
      shell, log, { try shell.reset() },
      events: [
        "tab-closed 2 b", "tab-closed 1 a", "viewWillDisappear m", "viewDidDisappear m", "deinit m",
        "deinit b", "deinit a",
      ],
      state: """
        selected none, bar shown, modal none, visible none
        """)
    #expect(snapshot(shell) == "selected none, bar shown, modal none, visible none")
  }
}
