@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// What a host does to screens from outside their callbacks: marks them failed (a process plugin
/// that stopped), takes the failure back (it started again), and replaces a plugin (a reload).
@Suite("The host marks screens failed and replaces plugins")
struct HostFailureTests {
  @Test func aScreenMarkedFailedShowsItsFailureAndAnEventSaysSo() throws {
    let (shell, log) = try makeShell(tabs: ["a", "b"])
    #expect(try shell.markFailed(screen: "b", message: "plugin 'p' stopped"))
    #expect(log.take() == ["screen-failed b: plugin 'p' stopped"])
    #expect(shell.tab(at: 2)?.stack.map(\.failure) == ["plugin 'p' stopped"])
    #expect(shell.tab(at: 1)?.stack.map(\.failure) == [nil])
    // The first failure stays, with no second event; an unknown screen is ignored.
    #expect(try shell.markFailed(screen: "b", message: "again") == false)
    #expect(try shell.markFailed(screen: "nope", message: "x") == false)
    #expect(log.take() == [])
    #expect(shell.screen(id: "b")?.failure == "plugin 'p' stopped")
    // The lifecycle goes on for a failed screen.
    try step(
      shell, log, .tap("b"),
      events: [
        "should-select 2 b", "viewDidLoad b", "viewWillAppear b", "viewWillDisappear a",
        "viewDidDisappear a", "viewDidAppear b", "did-select 2 b",
      ],
      state: """
        selected 2, bar shown, modal none, visible b
        1 a "A" text loaded [a]
        2 b "B" text loaded [b]
        failed b: plugin 'p' stopped
        """)
  }

  /// A failure is a fact of the screen's record: the state says it, whichever way it came, and
  /// forgets it with the screen.
  @Test func theStateListsEveryFailedScreen() throws {
    let (shell, log) = try makeShell(tabs: ["a"]) { try $0.register(TestPlugin(), source: "tests") }
    #expect(shell.state.failures == [:])
    try shell.markFailed(screen: "a", message: "stopped")
    try shell.addTab(type: "throwing", id: "t")
    #expect(shell.state.failures == ["a": "stopped"])
    try shell.tap("t")
    try shell.push(type: "throwing", id: "p")
    try shell.present(type: "throwing", id: "m")
    log.skip("the events of failures are checked above and in the plugin tests")
    let boom = "viewWillAppear failed: boom"
    #expect(shell.state.failures == ["a": "stopped", "t": boom, "p": boom, "m": boom])
    #expect(
      snapshot(shell) == """
        selected 2, bar shown, modal m, visible m
        1 a "A" text loaded [a]
        2 t "Throwing" throwing loaded [t p]
        failed a: stopped
        failed m: viewWillAppear failed: boom
        failed p: viewWillAppear failed: boom
        failed t: viewWillAppear failed: boom
        """)
    try shell.dismiss()
    try shell.pop()
    try shell.closeTab("a")
    log.skip("dismissing, popping and closing are the stack and tab tests' matter")
    #expect(shell.state.failures == ["t": boom])
  }

  @Test func aFailureIsTakenBackWithoutAnEvent() throws {
    let (shell, log) = try makeShell(tabs: ["a"])
    try step(
      shell, log, { try shell.markFailed(screen: "a", message: "stopped") },
      events: ["screen-failed a: stopped"],
      state: """
        selected 1, bar shown, modal none, visible a
        1 a "A" text loaded [a]
        failed a: stopped
        """)
    #expect(shell.clearFailure(screen: "a"))
    #expect(shell.clearFailure(screen: "a") == false)
    #expect(shell.visibleScreen?.failure == nil)
    #expect(log.take() == [])
  }

  /// A plugin of one screen type, `kind`, with one command, `verb`.
  final class Versioned: TabShellPlugin {
    final class Kind: ScreenType {
      let name: String
      let verb: String
      init(name: String, verb: String) {
        self.name = name
        self.verb = verb
      }
      var commands: [ScreenCommand] {
        [ScreenCommand(verb, of: Plain.self, abstract: "") { _, _ in }]
      }
      func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { Plain() }
    }
    final class Plain: Screen {}

    let name: String
    let type: String
    let verb: String
    init(name: String = "versioned", type: String, verb: String) {
      self.name = name
      self.type = type
      self.verb = verb
    }
    var screenTypes: [any ScreenType] { [Kind(name: type, verb: verb)] }
    var layouts: [Layout] { [Layout(name: "\(type)-layout", summary: "") { _ in }] }
  }

  @Test func aReplacedPluginKeepsItsPlaceAndItsScreens() throws {
    let (shell, log) = try makeShell()
    try shell.register(Versioned(type: "one", verb: "first"), source: "v1")
    try shell.register(Versioned(name: "other", type: "other", verb: "third"), source: "o")
    try shell.addTab(type: "one", id: "s")
    log.skip("adding the tab")
    try shell.replacePlugin(
      named: "versioned", with: Versioned(type: "one", verb: "second"), source: "v2")
    #expect(shell.plugins.map(\.name) == ["builtin", "versioned", "other"])
    #expect(shell.plugins.map(\.source) == ["built-in", "v2", "o"])
    #expect(shell.visibleScreenType?.commands.map(\.name) == ["second"])
    #expect(shell.visibleScreen?.id == "s")
    // A new version with other names drops the old ones.
    try shell.replacePlugin(
      named: "versioned", with: Versioned(type: "two", verb: "x"), source: "v3")
    #expect(shell.screenTypes.map(\.name).contains("one") == false)
    #expect(shell.layouts.map(\.name).contains("two-layout"))
    #expect(shell.layouts.map(\.name).contains("one-layout") == false)
    #expect(shell.visibleScreenType == nil)
    #expect(log.take() == [])
    #expect(
      snapshot(shell) == """
        selected 1, bar shown, modal none, visible s
        1 s "One" one loaded [s]
        """)
  }

  @Test func aRefusedReplacementChangesNothing() throws {
    let (shell, log) = try makeShell(tabs: ["a"])
    try shell.register(Versioned(type: "one", verb: "first"), source: "v1")
    try shell.addTab(type: "one", id: "s")
    log.skip("adding the tab")
    let before = snapshot(shell)
    #expect(throws: ShellError.nameTaken(kind: "screen type", name: "text", owner: "builtin")) {
      try shell.replacePlugin(
        named: "versioned", with: Versioned(type: "text", verb: "v"), source: "v2")
    }
    #expect(
      throws: ShellError.pluginRefused(plugin: "nope", reason: "no plugin of that name is loaded")
    ) {
      try shell.replacePlugin(named: "nope", with: Versioned(type: "x", verb: "v"), source: "v2")
    }
    #expect(shell.plugins.map(\.source) == ["built-in", "v1"])
    #expect(shell.screenTypes.map(\.name) == ["logger", "one", "page", "post", "text", "ticker"])
    #expect(log.take() == [])
    #expect(snapshot(shell) == before)
  }
}
