@_spi(Host) import TabShellKit
import Testing

@Suite("Stacks and modals")
struct StackTests {
  @Test func pushAndPop() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(try shell.push(type: "text", id: "c", title: "C") == "c")
    #expect(
      log.take() == [
        "init c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear c",
      ])
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal none, visible c
        1 a "A" text loaded [a c]
        2 b "B" text unloaded [b]
        """)
    try step(
      shell, log, .pop,
      events: [
        "viewWillAppear a", "viewWillDisappear c", "viewDidDisappear c", "viewDidAppear a",
        "deinit c",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        """)
    #expect(throws: ShellError.atRoot(tab: "a")) { try shell.pop() }
    #expect(log.take() == [])
  }

  @Test func popToRootRetiresFromTheTop() throws {
    let (shell, log) = try makeShell(tabs: ["a"]) { shell in
      try shell.push(type: "text", id: "c")
      try shell.push(type: "text", id: "d")
    }
    try step(
      shell, log, .popToRoot,
      events: [
        "viewWillAppear a", "viewWillDisappear d", "viewDidDisappear d", "viewDidAppear a",
        "deinit d", "deinit c",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        """)
    try step(
      shell, log, .popToRoot, events: [],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        """)
    #expect(shell.tab(at: 1)?.stack.map(\.id) == ["a"])
  }

  @Test func stacksBelongToTheirTab() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"]) { shell in
      try shell.push(type: "text", id: "c")
      try shell.tap("b")
    }
    try step(
      shell, log, .tap("a"),
      events: [
        "should-select 1 a", "viewWillAppear c", "viewWillDisappear b", "viewDidDisappear b",
        "viewDidAppear c", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible c
        1 a "A" text loaded [a c]
        2 b "B" text loaded [b]
        """)
  }

  @Test func presentAndDismiss() throws {
    let (shell, log) = try makeShell(tabs: ["a"])
    try step(
      shell, log, { try shell.present(type: "text", id: "m") },
      events: [
        "init m", "viewDidLoad m", "viewWillAppear m", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear m",
      ],
      state: """
        selected 1, bar shown, modal m, visible m
        1 a "A" text loaded [a]
        """)
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.present(type: "text") }
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.push(type: "text") }
    #expect(throws: ShellError.modalPresented(id: "m")) { try shell.pop() }
    try step(
      shell, log, .dismiss,
      events: [
        "viewWillAppear a", "viewWillDisappear m", "viewDidDisappear m", "viewDidAppear a",
        "deinit m",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        """)
    #expect(throws: ShellError.noModal) { try shell.dismiss() }
    #expect(shell.modalScreen == nil)
  }

  @Test func pushWithHidesBarHidesTheBarWhileOnTheStack() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    try step(
      shell, log, { try shell.push(type: "text", id: "c", hidesBar: true) },
      events: [
        "init c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear c", "bar-hidden",
      ],
      state: """
        selected 1, bar hidden, modal none, visible c
        1 a "A" text loaded [a c]
        2 b "B" text unloaded [b]
        """)
    #expect(shell.isBarHidden)
    try step(
      shell, log, { try shell.push(type: "text", id: "d") },
      events: [
        "init d", "viewDidLoad d", "viewWillAppear d", "viewWillDisappear c", "viewDidDisappear c",
        "viewDidAppear d",
      ],
      state: """
        selected 1, bar hidden, modal none, visible d
        1 a "A" text loaded [a c d]
        2 b "B" text unloaded [b]
        """)
    #expect(shell.isBarHidden)
    try step(
      shell, log, .tap("b"),
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear d",
        "viewDidDisappear d", "viewDidAppear b", "did-select 2 b", "bar-shown",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a c d]
        2 b "B" text loaded [b]
        """)
    #expect(!shell.isBarHidden)
    try step(
      shell, log, .tap("a"),
      events: [
        "should-select 1 a", "viewWillAppear d", "viewWillDisappear b", "viewDidDisappear b",
        "viewDidAppear d", "did-select 1 a", "bar-hidden",
      ],
      state: """
        selected 1, bar hidden, modal none, visible d
        1 a "A" text loaded [a c d]
        2 b "B" text loaded [b]
        """)
    try step(
      shell, log, .popToRoot,
      events: [
        "viewWillAppear a", "viewWillDisappear d", "viewDidDisappear d", "viewDidAppear a",
        "deinit d", "deinit c", "bar-shown",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        """)
    #expect(!shell.isBarHidden)
    #expect(!shell.bar.isHidden)
  }

  @Test func actionButtonPresentsAndNeverSelects() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(throws: ShellError.noActionButton) { try shell.tapActionButton() }
    try step(
      shell, log, { try shell.setActionButton(type: "post", title: "发布") }, events: [],
      state: """
        selected 1, bar shown, modal none, visible a, action post 发布
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        """)
    let id = try shell.tapActionButton()
    #expect(id == "post")
    #expect(
      log.take() == [
        "action-tapped", "init post", "viewDidLoad post", "viewWillAppear post",
        "viewWillDisappear a", "viewDidDisappear a", "viewDidAppear post",
      ])
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal post, visible post, action post 发布
        1 a "A" text loaded [a]
        2 b "B" text unloaded [b]
        """)
    try shell.dismiss()
    try shell.tapActionButton()
    #expect(shell.modalScreen?.id == "post-2")
    log.skip("dismissing and presenting again were checked above; this is about the new id")
  }

  @Test func stackChangesNeedATab() throws {
    let (shell, _) = try makeShell()
    #expect(throws: ShellError.noTabs) { try shell.push(type: "text") }
    #expect(throws: ShellError.noTabs) { try shell.pop() }
    #expect(throws: ShellError.noTabs) { try shell.swipe(.left) }
    #expect(throws: ShellError.noTabs) { try shell.tap("1") }
    // A modal needs no tab.
    try shell.present(type: "text", id: "m")
    #expect(shell.visibleScreen?.id == "m")
  }
}
