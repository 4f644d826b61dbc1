import BuiltinScreens
import Foundation
@_spi(Host) import TabShellKit
import TestSupport
import Testing

@Suite("Screens as plugins: requests, failures, registration")
struct PluginTests {
  /// A shell with the test plugin too; `setup` runs before the log starts.
  func makeTestShell(
    sourceLocation: SourceLocation = #_sourceLocation, setup: (Shell) throws -> Void = { _ in }
  ) throws -> (Shell, EventLog) {
    try makeShell(sourceLocation: sourceLocation) { shell in
      try shell.register(TestPlugin(), source: "tests")
      try setup(shell)
    }
  }

  @Test func requestsDuringALifecycleCallbackRunAfterTheChange() throws {
    let (shell, log) = try makeTestShell { shell in
      try shell.addTab(type: "text", id: "a")
      try shell.addTab(type: "request", id: "r", parameters: ["on-appear": "badge"])
    }
    try step(
      shell, log, .tap("r"),
      events: [
        "should-select 2 r", "viewDidLoad r", "viewWillAppear r", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear r", "did-select 2 r", "badge-changed 2 r 7",
      ],
      state: """
        selected 2, bar shown, modal none, visible r
        1 a "Text" text loaded [a]
        2 r "Request" request loaded [r] badge 7
        """)
    #expect(shell.tab(at: 2)?.item.badge == "7")
  }

  @Test func aScreensSelectionIsProgrammatic() throws {
    let (shell, log) = try makeTestShell { shell in
      try shell.addTab(type: "text", id: "a")
      try shell.addTab(type: "request", id: "r", parameters: ["on-appear": "select-1"])
      shell.addShouldSelectHandler { $0.id != "a" }
    }
    try shell.tap("r")
    // The screen's selection of 'a' asks no handler (the one here would veto it).
    #expect(
      log.take() == [
        "should-select 2 r", "viewDidLoad r", "viewWillAppear r", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear r", "did-select 2 r", "viewWillAppear a",
        "viewWillDisappear r", "viewDidDisappear r", "viewDidAppear a", "did-select 1 a",
      ])
    #expect(shell.selectedPosition == 1)
  }

  @Test func aFailedRequestIsReportedNotFatal() throws {
    let (shell, log) = try makeTestShell()
    try step(
      shell, log,
      { try shell.addTab(type: "request", id: "r", parameters: ["on-appear": "select-missing"]) },
      events: [
        "init r", "tab-added 1 r", "viewDidLoad r", "viewWillAppear r", "viewDidAppear r",
        "did-select 1 r", "request-failed r: no tab 'nope'",
      ],
      state: """
        selected 1, bar shown, modal none, visible r
        1 r "Request" request loaded [r]
        """)
    #expect(shell.selectedPosition == 1)
  }

  @Test func aScreenCanInstallASelectionDelegate() throws {
    let (shell, log) = try makeTestShell { shell in
      try shell.addTab(type: "request", id: "r", parameters: ["on-appear": "veto-odd"])
      try shell.addTab(type: "text", id: "b")
      try shell.addTab(type: "text", id: "c")
    }
    try step(
      shell, log, .tap("b"),
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear r",
        "viewDidDisappear r", "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 r "Request" request loaded [r]
        2 b "Text" text loaded [b]
        3 c "Text" text unloaded [c]
        """)
    #expect(
      try step(
        shell, log, .tap("c"), events: ["should-select 3 c"],
        state: """
          selected 2, bar shown, modal none, visible b
          1 r "Request" request loaded [r]
          2 b "Text" text loaded [b]
          3 c "Text" text unloaded [c]
          """) == .selection(.vetoed))
    #expect(shell.selectedPosition == 2)
    // The delegate goes with its screen.
    try step(
      shell, log, .closeTab("r"), events: ["tab-closed 1 r", "deinit r"],
      state: """
        selected 1, bar shown, modal none, visible b
        1 b "Text" text loaded [b]
        2 c "Text" text unloaded [c]
        """)
    #expect(
      try step(
        shell, log, .tap("c"),
        events: [
          "should-select 2 c", "viewDidLoad c", "viewWillAppear c", "viewWillDisappear b",
          "viewDidDisappear b", "viewDidAppear c", "did-select 2 c",
        ],
        state: """
          selected 2, bar shown, modal none, visible c
          1 b "Text" text loaded [b]
          2 c "Text" text loaded [c]
          """) == .selection(.selected))
  }

  @Test func aThrowingCallbackMarksTheScreenAndTheShellGoesOn() throws {
    let (shell, log) = try makeTestShell { shell in
      try shell.addTab(type: "text", id: "a")
      try shell.addTab(type: "throwing", id: "t")
    }
    try step(
      shell, log, .tap("t"),
      events: [
        "should-select 2 t", "viewDidLoad t", "viewWillAppear t",
        "screen-failed t: viewWillAppear failed: boom", "viewWillDisappear a", "viewDidDisappear a",
        "viewDidAppear t", "did-select 2 t",
      ],
      state: """
        selected 2, bar shown, modal none, visible t
        1 a "Text" text loaded [a]
        2 t "Throwing" throwing loaded [t]
        failed t: viewWillAppear failed: boom
        """)
    #expect(shell.visibleScreen?.failure == "viewWillAppear failed: boom")
    try step(
      shell, log, .tap("a"),
      events: [
        "should-select 1 a", "viewWillAppear a", "viewWillDisappear t", "viewDidDisappear t",
        "viewDidAppear a", "did-select 1 a",
      ],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "Text" text loaded [a]
        2 t "Throwing" throwing loaded [t]
        failed t: viewWillAppear failed: boom
        """)
    #expect(shell.visibleScreen?.id == "a")
  }

  @Test func screensThatSelectBackAndForthAreStoppedWithTheScreenNamed() throws {
    let (shell, log) = try makeTestShell { shell in
      try shell.addTab(type: "request", id: "ping", parameters: ["on-appear": "ping-pong"])
      try shell.addTab(type: "request", id: "pong", parameters: ["on-appear": "ping-pong"])
    }
    // The 1,001st request, pong's, goes over the limit: the tap fails, naming it.
    #expect(throws: ShellError.requestRunaway(screen: "pong", limit: Shell.requestLimit)) {
      try shell.tap("pong")
    }
    let events = log.take()
    #expect(events.filter { $0.hasPrefix("did-select") }.count == Shell.requestLimit + 1)
    // The shell is whole: the selection and the page are in step, and the next command runs.
    #expect(shell.invariantViolations() == [])
    #expect(shell.visibleScreen?.id == shell.tab(at: try #require(shell.selectedPosition))?.id)
    #expect(throws: ShellError.requestRunaway(screen: "ping", limit: Shell.requestLimit)) {
      try shell.tap("ping")
    }
    log.skip("the second runaway's thousand selections")
  }

  @Test func manyRequestsAtOnceAreNotARunaway() throws {
    let (shell, log) = try makeTestShell { try $0.addTab(type: "text", id: "a") }
    try shell.addTab(type: "request", id: "r", parameters: ["on-appear": "badge-flood"])
    try shell.tap("r")
    // More requests than a chain may have (1,000), all made by one callback.
    #expect(shell.tab(at: 2)?.item.badge == "2000")
    let events = log.take()
    #expect(events.count == 2 + 7 + 2_000)
    #expect(events.suffix(2) == ["badge-changed 2 r 1999", "badge-changed 2 r 2000"])
  }

  @Test func aScreenThatPushesAsItLoadsIsStopped() throws {
    let (shell, log) = try makeTestShell { try $0.addTab(type: "text", id: "a") }
    // A thousand pushes onto one stack: the invariants (which walk every screen) are checked once,
    // at the end, not after each push.
    shell.checksInvariants = false
    #expect(
      throws: ShellError.requestRunaway(screen: "request-loader-1001", limit: Shell.requestLimit)
    ) {
      try shell.push(type: "request-loader")
    }
    log.skip("a thousand pushes")
    #expect(shell.tab(at: 1)?.stack.count == 1_002)
    #expect(shell.invariantViolations() == [])
  }

  @Test func aLayoutBuilderIsClosedOnceItsLayoutIsBuilt() throws {
    let (shell, _) = try makeTestShell()
    try shell.apply(layout: "keeper")
    let builder = try #require(TestPlugin.keptBuilder)
    #expect(throws: ShellError.layoutBuilderClosed) { try builder.addTab(type: "text") }
    #expect(shell.tabs.map(\.id) == ["k"])
  }

  @Test func aLayoutThatReentersTheShellDoesNotBreakIt() throws {
    let (shell, _) = try makeTestShell()
    TestPlugin.shell = shell
    defer { TestPlugin.shell = nil }
    // 'nested' adds n, then 'keeper' replaces everything with k, then n's builder adds after.
    try shell.apply(layout: "nested")
    #expect(shell.tabs.map(\.id) == ["k", "after"])
    #expect(shell.invariantViolations() == [])
  }

  /// A name that could not be typed, completed or shown refuses the whole plugin, and says which.
  @Test(arguments: [
    (NamedPlugin(type: ""), "screen type name '' is not valid"),
    (NamedPlugin(type: "my type"), "screen type name 'my type' is not valid"),
    (NamedPlugin(type: "42"), "screen type name '42' is not valid"),
    (NamedPlugin(type: "x\u{1B}[2J"), "screen type name 'x\\u{1B}[2J' is not valid"),
    (
      NamedPlugin(type: "ok", commands: ["tab"]), "command 'tab' of 'ok' has the name of a built-in"
    ),
    (NamedPlugin(type: "ok", commands: ["go", "go"]), "'ok' declares command 'go' twice"),
    (NamedPlugin(type: "ok", commands: [""]), "command name '' of 'ok' is not valid"),
    (NamedPlugin(type: "ok", layout: "Big Layout"), "layout name 'Big Layout' is not valid"),
    (NamedPlugin(name: "has space", type: "ok"), "a plugin name is 1 to 64 printable"),
  ])
  func badNamesRefuseThePlugin(plugin: NamedPlugin, reason: String) throws {
    let (shell, _) = try makeShell()
    do {
      try shell.register(plugin, source: "test", reservedCommands: ["tab", "quit", "show"])
      Issue.record("registered a plugin with a bad name")
    } catch {
      guard case .pluginRefused(let name, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(name == plugin.name)
      #expect(message.hasPrefix(reason), "\(message)")
    }
    #expect(shell.plugins.map(\.name) == ["builtin"])
  }

  @Test func aScreenTypeThatRefusesFailsTheCommand() throws {
    let (shell, log) = try makeTestShell()
    #expect(throws: ShellError.screenRefused(type: "throwing", message: "boom")) {
      try shell.addTab(type: "throwing", parameters: ["refuse": "yes"])
    }
    #expect(log.take() == [])
    #expect(shell.tabCount == 0)
  }

  @Test func namesAreNotTakenTwice() throws {
    let (shell, _) = try makeTestShell()
    #expect(throws: ShellError.nameTaken(kind: "plugin", name: "test", owner: "test")) {
      try shell.register(TestPlugin(), source: "again")
    }
    #expect(shell.plugins.map(\.name) == ["builtin", "test"])
    #expect(shell.plugins.map(\.source) == ["built-in", "tests"])
    #expect(
      shell.screenTypes.map(\.name) == [
        "logger", "page", "post", "request", "request-loader", "text", "throwing", "ticker",
      ])
  }

  @Test func stateEncodesAsTheContractSays() throws {
    let (shell, _) = try makeShell(tabs: ["a", "b"])
    try shell.tap("b")
    try shell.setBadge("a", to: "3")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(shell.state), as: UTF8.self)
    #expect(
      json == #"{"action":null,"barHidden":false,"failures":{},"modal":null,"selected":2,"tabs":["#
        + #"{"badge":"3","enabled":true,"icon":"□","id":"a","loaded":true,"position":1,"#
        + #""selectedIcon":"■","stack":["a"],"title":"A","type":"text"},"#
        + #"{"badge":null,"enabled":true,"icon":"□","id":"b","loaded":true,"position":2,"#
        + #""selectedIcon":"■","stack":["b"],"title":"B","type":"text"}],"visible":"b"}"#)
    let decoded = try JSONDecoder().decode(ShellState.self, from: Data(json.utf8))
    #expect(decoded == shell.state)
  }
}
