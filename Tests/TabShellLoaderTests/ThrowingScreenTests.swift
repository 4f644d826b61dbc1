@_spi(Host) import TabShellKit
import TabShellLoader
import TestSupport
import Testing

/// A screen from a shared object that throws from a callback is marked failed; the shell goes on.
@Suite struct ThrowingScreenTests {
  func shell() throws -> (Shell, EventLog) {
    let copy = try freshCopy(of: TestPlugins.get().throwing)
    let shell = Shell()
    try shell.register(PluginLoader.load(path: copy), source: copy)
    return (shell, EventLog(shell))
  }

  @Test func aThrowingViewDidLoadMarksTheScreenFailed() throws {
    let (shell, events) = try shell()
    try shell.addTab(type: "throwing", id: "a")
    #expect(
      events.take() == [
        "init a", "tab-added 1 a", "viewDidLoad a",
        "screen-failed a: viewDidLoad failed: viewDidLoad went wrong", "viewWillAppear a",
        "viewDidAppear a", "did-select 1 a",
      ])
    #expect(shell.visibleScreen?.failure == "viewDidLoad failed: viewDidLoad went wrong")
    #expect(shell.visibleScreen?.phase == .appeared)
  }

  /// Each callback, and how often `bad` gets it while it is shown, left and shown again.
  @Test(arguments: [
    ("viewDidLoad", 1), ("viewWillAppear", 2), ("viewDidAppear", 2), ("viewWillDisappear", 1),
    ("viewDidDisappear", 1),
  ])
  func theShellGoesOnAfterAFailedCallback(callback: String, calls: Int) throws {
    let (shell, events) = try shell()
    try shell.addTab(type: "throwing", id: "ok", parameters: ["fail": "none"])
    try shell.addTab(type: "throwing", id: "bad", parameters: ["fail": callback])
    _ = try shell.tap("bad")
    _ = try shell.tap("ok")
    _ = try shell.tap("bad")
    let message = "\(callback) failed: \(callback) went wrong"
    #expect(shell.screen(id: "bad")?.failure == message)
    #expect(shell.screen(id: "ok")?.failure == nil)
    #expect(shell.selectedPosition == 2)
    #expect(shell.visibleScreen?.id == "bad")
    #expect(
      events.take().filter { $0.hasPrefix("screen-failed") }
        == Array(repeating: "screen-failed bad: \(message)", count: calls))
    shell.checkInvariants()
    try shell.closeTab("bad")
    events.skip("the lifecycle of closing a tab is the core tests' matter; here the shell goes on")
    #expect(shell.tabs.map(\.id) == ["ok"])
    #expect(shell.visibleScreen?.phase == .appeared)
  }

  @Test func aRefusedScreenFailsTheCommandAndChangesNothing() throws {
    let (shell, events) = try shell()
    #expect(throws: ShellError.screenRefused(type: "refused", message: "no screen today")) {
      try shell.addTab(type: "refused")
    }
    #expect(shell.tabCount == 0)
    #expect(events.take() == [])
  }
}
