@_spi(Host) import TabShellKit
import Testing

/// The one entry point (``Shell/send(_:)``): every input is a ``ShellAction``; what it did comes
/// back as an ``ActionOutcome``, and a screen's request sent there says whether it failed.
@Suite("Actions: one entry point")
struct ActionTests {
  @Test func actionsReturnWhatTheyDid() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    try step(
      shell, log, { try shell.send(.tap("b")) },
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
    #expect(try shell.send(.swipe(.left, cancelled: false)) == .selection(.bounced))
    #expect(try shell.send(.tap("b")) == .selection(.reselected))
    #expect(
      try shell.send(.push(NewScreen(type: "text", id: "detail", hidesBar: true)))
        == .screen("detail"))
    guard case .swipe(let target?) = try shell.send(.beginSwipe(.right)) else {
      Issue.record("the swipe did not begin")
      return
    }
    #expect(target.position == 1 && target.id == "a")
    #expect(try shell.send(.endSwipe(commit: false)) == .selection(.cancelled))
    #expect(try shell.send(.toggleBar) == .done)
    #expect(
      try shell.send(.addTab(NewTab(NewScreen(type: "text", id: "c"), icon: "★", at: 1)))
        == .screen("c"))
    #expect(shell.tab(at: 1)?.item.icon == "★")
    #expect(throws: ShellError.noActionButton) { try shell.send(.tapActionButton) }
    log.skip(
      "the outcomes are what this test checks; each action's events are the tests' of its kind")
  }

  @Test func aScreensRequestSentThereSaysWhetherItFailed() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(try shell.send(.request(.setBadge("3"), from: "b")) == .done)
    #expect(shell.tab(at: 2)?.item.badge == "3")
    #expect(log.take() == ["badge-changed 2 b 3"])
    #expect(
      try shell.send(.request(.selectTab("zz"), from: "a"))
        == .requestFailed("no tab 'zz'"))
    #expect(log.take() == ["request-failed a: no tab 'zz'"])
    // A screen that has left asks nothing.
    #expect(
      try step(
        shell, log, { try shell.send(.request(.dismiss, from: "gone")) }, events: [],
        state: """
          selected 1, bar shown, modal none, visible a
          1 a "A" text loaded [a]
          2 b "B" text unloaded [b] badge 3
          """) == .done)
  }

  @Test func aVisibleScreenAsksToBeDrawnAgain() throws {
    let (shell, _) = try makeShell(tabs: ["a", "b"])
    #expect(try shell.send(.request(.setNeedsDisplay, from: "b")) == .done)
    #expect(!shell.takeNeedsDisplay())
    #expect(try shell.send(.request(.setNeedsDisplay, from: "a")) == .done)
    #expect(shell.takeNeedsDisplay())
    #expect(!shell.takeNeedsDisplay())
  }
}
