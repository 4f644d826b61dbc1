import Foundation
@_spi(Host) import TabShellKit
import TabShellLoader
import TestSupport
import Testing

@testable import TabShellLanguage

/// The author's kit works end to end: the example plugin and a plugin made by `scripts/new-plugin`,
/// each built as its own package, load into this process and work with the host's core.
@Suite struct ExamplePluginTests {
  /// A shell with the plugin at `path` (a fresh copy) registered, and everything it emits.
  func shell(loading path: String) throws -> (Shell, EventLog) {
    let copy = try freshCopy(of: path)
    let plugin = try PluginLoader.load(path: copy)
    let shell = Shell()
    try shell.register(plugin, source: copy)
    return (shell, EventLog(shell))
  }

  /// Runs a line (a command of the visible screen's type) as the REPL would; returns what it
  /// printed, and throws what it reported.
  func run(_ line: String, on shell: Shell) throws -> [String] {
    var printed: [String] = []
    var reported: [Diagnostic] = []
    let interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { printed.append($0) },
      report: { reported.append($0) })
    let outcome = interpreter.runLine(line)
    if outcome != .success, let first = reported.first { throw first }
    return printed
  }

  @Test func exampleCounterCountsInItsBadgeAndHidesTheBar() throws {
    let (shell, events) = try shell(loading: TestPlugins.get().example)
    #expect(
      shell.plugins.map(\.screenTypes) == [["counter"]] && shell.plugins.map(\.name) == ["example"])
    let counter = try #require(shell.screenTypes.first)
    #expect(
      counter.commands.map { Declaration(screenCommand: $0).usage } == [
        "increment [N]", "reset", "focus [on|off]",
      ])

    try shell.addTab(type: "counter", id: "c")
    #expect(
      events.take() == [
        "init c", "tab-added 1 c", "viewDidLoad c", "viewWillAppear c", "viewDidAppear c",
        "did-select 1 c", "log c: counter 'Counter' loaded at 0",
      ])
    #expect(try run("increment", on: shell) == ["Counter: 1"])
    #expect(try run("increment 41", on: shell) == ["Counter: 42"])
    #expect(shell.tab(at: 1)?.item.badge == "42")
    #expect(events.take() == ["badge-changed 1 c 1", "badge-changed 1 c 42"])

    #expect(try run("focus", on: shell) == [])
    #expect(shell.isBarHidden)
    #expect(try run("focus off", on: shell) == [])
    #expect(!shell.isBarHidden)
    #expect(try run("reset", on: shell) == ["Counter: 0"])
    #expect(shell.tab(at: 1)?.item.badge == nil)
    #expect(events.take() == ["bar-hidden", "bar-shown", "badge-changed 1 c none"])
  }

  @Test func theCounterDrawsIntoTheHostsCanvas() throws {
    let (shell, _) = try shell(loading: TestPlugins.get().example)
    try shell.addTab(type: "counter", parameters: ["start": "7"])
    var canvas = Canvas(width: 12, height: 4)
    shell.draw(screen: try #require(shell.visibleScreen?.id), in: &canvas)
    #expect(
      canvas.lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "", "Counter", "count: 7", "+ - click",
      ])
    // The title bold, a count above zero green, the hint dim and italic.
    #expect(canvas.rows[1][2].style == Canvas.Style(attributes: .bold))
    #expect(canvas.rows[2][2].style == Canvas.Style(foreground: .green))
    #expect(canvas.rows[3][1].style == Canvas.Style(attributes: [.dim, .italic]))
  }

  @Test func theCounterCountsKeysTypedTextAndClicks() throws {
    let (shell, _) = try shell(loading: TestPlugins.get().example)
    #expect(shell.screenTypes.first?.takesInput == true)
    try shell.addTab(type: "counter", id: "c")
    #expect(try run("send-keys + + Up -", on: shell) == [])
    #expect(shell.tab(at: 1)?.item.badge == "2")
    #expect(try run("type +-++", on: shell) == [])
    #expect(shell.tab(at: 1)?.item.badge == "4")
    let click = MouseInput(.press, button: 1, column: 3, row: 2)
    #expect(try shell.send(.input(.mouse(click), to: "c")) == .input(handled: true))
    #expect(shell.tab(at: 1)?.item.badge == "5")
    // What it has no use for is not handled: the host does with it what it does by default.
    for input: ScreenInput in [
      .key(named: "x"), .text("abc", isPaste: false), .text("+", isPaste: true),
      .mouse(MouseInput(.release, button: 1, column: 3, row: 2)),
      .mouse(MouseInput(.press, button: 3, column: 0, row: 0)), .focus(true),
    ] {
      #expect(try shell.send(.input(input, to: "c")) == .input(handled: false), "\(input)")
    }
    #expect(shell.tab(at: 1)?.item.badge == "5")
  }

  /// Runs a plugin's `test.tabsh` (from the repository, its names changed as `scripts/new-plugin`
  /// changes them) on `shell`; returns what it reported.
  func runTestScript(
    _ folder: String, on shell: Shell, renaming names: [(String, String)] = []
  ) throws -> [String] {
    var reported: [String] = []
    let interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { _ in }, report: { reported.append("\($0)") })
    var source = try String(
      contentsOfFile: repositoryRoot + "/plugins/\(folder)/test.tabsh", encoding: .utf8)
    for (old, new) in names { source = source.replacingOccurrences(of: old, with: new) }
    let outcome = interpreter.run(interpreter.parse(source, file: "test.tabsh"))
    #expect(outcome == .success)
    return reported
  }

  @Test func theExamplesOwnTestScriptPasses() throws {
    let (shell, _) = try shell(loading: TestPlugins.get().example)
    #expect(try runTestScript("ExamplePlugin", on: shell) == [])
    #expect(shell.tab(at: 1)?.item.badge == "-1" && shell.tab(at: 2)?.item.badge == "1")
  }

  /// The template's screen takes Enter, and its timer ticks while `wait-for` waits.
  @Test func theTemplatesOwnTestScriptPasses() throws {
    let (shell, _) = try shell(loading: TestPlugins.get().template)
    let names = [("template", "hello-test"), ("Template", "HelloTest")]
    #expect(try runTestScript("Template", on: shell, renaming: names) == [])
    #expect(shell.tab(at: 1)?.item.badge == "3")
  }

  @Test func aBadNumberIsTheCommandsError() throws {
    let (shell, _) = try shell(loading: TestPlugins.get().example)
    try shell.addTab(type: "counter")
    #expect(throws: (any Error).self) { try run("increment many", on: shell) }
    #expect(shell.tab(at: 1)?.item.badge == nil)
  }

  @Test func thePluginUsesTheHostsCoreLibrary() throws {
    let host = hostCoreLibraries()
    _ = try shell(loading: TestPlugins.get().example)
    _ = try shell(loading: TestPlugins.get().template)
    // The plugins' own builds each link a libTabShellKit.so of their own; none of them is mapped.
    #expect(hostCoreLibraries() == host)
    #expect(host.count == 1)
  }

  @Test func aPluginFromTheTemplateBuildsAndLoadsAsItIs() throws {
    let (shell, events) = try shell(loading: TestPlugins.get().template)
    #expect(shell.plugins.map(\.name) == ["hello-test"])
    #expect(shell.plugins.map(\.screenTypes) == [["hello-test"]])
    try shell.addTab(type: "hello-test", id: "h")
    #expect(shell.tab(at: 1)?.item.title == "HelloTest")
    #expect(try run("hello", on: shell) == ["hello, world"])
    #expect(try run("hello you", on: shell) == ["hello, you"])
    #expect(shell.tab(at: 1)?.item.badge == "2")
    #expect(
      events.take() == [
        "init h", "tab-added 1 h", "viewDidLoad h", "viewWillAppear h", "viewDidAppear h",
        "did-select 1 h", "log h: HelloTest loaded", "badge-changed 1 h 1", "badge-changed 1 h 2",
      ])
  }
}
