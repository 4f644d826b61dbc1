@_spi(Host) import TabShellKit
import Testing

@Suite("Selection: taps, swipes, last tab")
struct SelectionTests {
  @Test func firstTabAddedIsSelectedAndAppears() throws {
    let (shell, log) = try makeShell()
    try step(
      shell, log, { try shell.addTab(type: "text", id: "a", title: "A") },
      events: [
        "init a", "tab-added 1 a", "viewDidLoad a", "viewWillAppear a", "viewDidAppear a",
        "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        """)
    try step(
      shell, log, { try shell.addTab(type: "text", id: "b", title: "B") },
      events: ["init b", "tab-added 2 b"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        """)
  }

  @Test func tabSwitchLoadsLazilyOnce() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(
      try step(
        shell, log, .tap("2"),
        events: [
          "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a",
          "viewDidDisappear a", "viewDidAppear b", "did-select 2 b",
        ],
        state: """
          selected 2, bar shown, modal none, visible b
          1 a "A" text loaded [a]
          2 b "B" text loaded [b]
          """) == .selection(.selected))
    try step(
      shell, log, .tap("a"),
      events: [
        "should-select 1 a", "viewWillAppear a", "viewWillDisappear b", "viewDidDisappear b",
        "viewDidAppear a", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
  }

  @Test func tabsAreFoundByPositionIdOrTitle() throws {
    let (shell, _) = try makeShell(tabs: ["a", "b", "c"])
    #expect(try shell.position(of: "3") == 3)
    #expect(try shell.position(of: "b") == 2)
    #expect(try shell.position(of: "C") == 3)
    #expect(throws: ShellError.noSuchTab("zz", suggestion: nil)) { try shell.position(of: "zz") }
    #expect(throws: ShellError.positionOutOfRange(4, count: 3)) { try shell.position(of: "4") }
    #expect(throws: ShellError.positionOutOfRange(0, count: 3)) { try shell.position(of: "0") }
  }

  @Test func cancelledSwipeKeepsTheSelection() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(
      try step(
        shell, log, .swipe(.left, cancelled: true),
        events: [
          "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a", "viewWillAppear a",
          "viewDidAppear a", "viewWillDisappear b", "viewDidDisappear b",
        ],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text loaded [b]
          """) == .selection(.cancelled))
    // The next real swipe does not load b again, and tab and page stay in step.
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 2 b", "viewWillAppear b", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
    #expect(shell.selectedPosition == 2)
    #expect(shell.visibleScreen?.id == "b")
  }

  @Test func swipesBounceAtTheEnds() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(
      try step(
        shell, log, .swipe(.right, cancelled: false), events: ["did-bounce right"],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b]
          """) == .selection(.bounced))
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
    #expect(try shell.swipe(.left) == .bounced)
    #expect(
      try step(
        shell, log, .swipe(.left, cancelled: true),
        events: ["did-bounce left", "did-bounce left"],
        state: """
          selected 2, bar shown, modal none, visible b
          1 a "A" text loaded [a]
          2 b "B" text loaded [b]
          """) == .selection(.bounced))
    #expect(shell.selectedPosition == 2)
  }

  @Test func swipesPassOverDisabledTabs() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c", "d"]) { shell in
      try shell.setEnabled("b", false)
      try shell.setEnabled("d", false)
    }
    try step(
      shell, log, .swipe(.left, cancelled: false),
      events: [
        "should-select 3 c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear c", "did-select 3 c",
      ],
      state: """
        selected 3, bar shown, modal none, visible c
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b] disabled
        3 c "C" text loaded [c]
        4 d "D" text unloaded [d] disabled
        """)
    #expect(
      try step(
        shell, log, .swipe(.left, cancelled: false), events: ["did-bounce left"],
        state: """
          selected 3, bar shown, modal none, visible c
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b] disabled
          3 c "C" text loaded [c]
          4 d "D" text unloaded [d] disabled
          """) == .selection(.bounced))
    try step(
      shell, log, .swipe(.right, cancelled: false),
      events: [
        "should-select 1 a", "viewWillAppear a", "viewWillDisappear c", "viewDidDisappear c",
        "viewDidAppear a", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b] disabled
        3 c "C" text loaded [c]
        4 d "D" text unloaded [d] disabled
        """)
    #expect(shell.selectedPosition == 1)
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b] disabled
        3 c "C" text loaded [c]
        4 d "D" text unloaded [d] disabled
        """)
  }

  @Test func tappingADisabledTabIsAnErrorAndChangesNothing() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { try $0.setEnabled("b", false) }
    let before = snapshot(shell)
    #expect(throws: ShellError.tabDisabled(id: "b")) { try shell.tap("b") }
    #expect(log.take() == [])
    #expect(snapshot(shell) == before)
  }

  @Test func aVetoChangesNothing() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    var asked: [SelectionRequest] = []
    shell.addShouldSelectHandler { request in
      asked.append(request)
      return request.id != "b"
    }
    let before = snapshot(shell)
    #expect(try shell.tap("b") == .vetoed)
    #expect(
      try step(
        shell, log, .swipe(.left, cancelled: false),
        events: ["should-select 2 b", "should-select 2 b"],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b]
          """) == .selection(.vetoed))
    #expect(asked == Array(repeating: SelectionRequest(position: 2, id: "b", title: "B"), count: 2))
    #expect(snapshot(shell) == before)
    // A programmatic selection runs no should-select handler.
    try step(
      shell, log, .select("b"),
      events: [
        "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
    #expect(shell.selectedPosition == 2)
  }

  @Test func lastTabGoesBack() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b", "c"])
    #expect(throws: ShellError.noPreviousTab) { try shell.selectLastTab() }
    try step(
      shell, log, .tap("c"),
      events: [
        "should-select 3 c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear c", "did-select 3 c",
      ],
      state: """
        selected 3, bar shown, modal none, visible c
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        3 c "C" text loaded [c]
        """)
    #expect(
      try step(
        shell, log, .selectLastTab,
        events: [
          "should-select 1 a", "viewWillAppear a", "viewWillDisappear c", "viewDidDisappear c",
          "viewDidAppear a", "did-select 1 a",
        ],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b]
          3 c "C" text loaded [c]
          """) == .selection(.selected))
    try shell.selectLastTab()
    #expect(shell.selectedPosition == 3)
    #expect(
      log.take() == [
        "should-select 3 c", "viewWillAppear c", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear c", "did-select 3 c",
      ])
    try step(
      shell, log, .closeTab("a"), events: ["tab-closed 1 a", "deinit a"],
      state: """
        selected 2, bar shown, modal none, visible c
        1 b "B" text unloaded [b]
        2 c "C" text loaded [c]
        """)
    #expect(throws: ShellError.noPreviousTab) { try shell.selectLastTab() }
  }

  @Test func reselectPopsToRoot() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { shell in
      try shell.push(type: "text", id: "c")
      try shell.push(type: "text", id: "d")
    }
    #expect(
      try step(
        shell, log, .tap("a"),
        events: [
          "should-select 1 a", "viewWillAppear a", "viewWillDisappear d", "viewDidDisappear d",
          "viewDidAppear a", "deinit d", "deinit c", "did-reselect 1 a",
        ],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b]
          """) == .selection(.reselected))
    // Reselecting at the root changes nothing but says so.
    #expect(
      try step(
        shell, log, .tap("a"), events: ["should-select 1 a", "did-reselect 1 a"],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b]
          """) == .selection(.reselected))
  }

  @Test func selectingWhileAModalIsPresentedFails() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { try $0.present(type: "text", id: "m") }
    let before = snapshot(shell)
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.tap("b") }
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.swipe(.left) }
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.select("b") }
    #expect(log.take() == [])
    #expect(snapshot(shell) == before)
  }
}

@Suite("Changes during an interactive swipe")
struct ChangesDuringASwipeTests {
  /// A layout (`reset`) while a drag is under way would retire screens half-way through their
  /// lifecycle: it is refused, and nothing changes.
  @Test func aResetDuringASwipeIsRefused() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    _ = try shell.beginSwipe(.left)
    _ = log.take()
    let before = snapshot(shell)
    #expect(throws: ShellError.swipeInProgress) { try shell.reset() }
    #expect(throws: ShellError.swipeInProgress) { try shell.apply(layout: "swipeable") }
    #expect(log.take() == [])
    #expect(snapshot(shell) == before)
    #expect(
      try step(
        shell, log, { try shell.endSwipe(commit: false) },
        events: [
          "viewWillAppear a", "viewDidAppear a", "viewWillDisappear b", "viewDidDisappear b",
        ],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text loaded [b]
          """) == .cancelled)
  }

  /// A tab disabled while the drag went on is not selected when the drag is let go.
  @Test func aTabDisabledDuringASwipeIsNotSelected() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    _ = try shell.beginSwipe(.left)
    _ = log.take()
    try shell.setEnabled("b", false)
    let outcome = try step(
      shell, log, { try shell.endSwipe(commit: true) },
      events: [
        "viewWillAppear a", "viewDidAppear a", "viewWillDisappear b", "viewDidDisappear b",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text loaded [b] disabled
        """)
    #expect(outcome == .cancelled)
  }

  @Test(arguments: [Int.min, -1, 0, 3, Int.max])
  func aPositionOutOfRangeIsAnErrorNeverATrap(position: Int) throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(throws: ShellError.positionOutOfRange(position, count: 2)) {
      try shell.moveTab("a", to: position)
    }
    #expect(throws: ShellError.positionOutOfRange(position, count: 2)) {
      try shell.tap(.position(position))
    }
    #expect(shell.tab(at: position) == nil)
    #expect(shell.item(at: position) == nil)
    #expect(log.take() == [])
  }
}
