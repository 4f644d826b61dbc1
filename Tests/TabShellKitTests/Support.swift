import BuiltinScreens
@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// The whole state as text, one line for the shell, one per tab and one per failed screen.
func snapshot(_ shell: Shell) -> String {
  let s = shell.state
  var lines = [
    "selected \(s.selected.map(String.init) ?? "none"), bar \(s.barHidden ? "hidden" : "shown"), "
      + "modal \(s.modal ?? "none"), visible \(s.visible ?? "none")"
      + (s.action.map { ", action \($0.type) \($0.title)" } ?? "")
  ]
  for tab in s.tabs {
    var line = "\(tab.position) \(tab.id) \"\(tab.title)\" \(tab.type)"
    line += tab.loaded ? " loaded" : " unloaded"
    line += " [\(tab.stack.joined(separator: " "))]"
    if let badge = tab.badge { line += " badge \(badge)" }
    if !tab.enabled { line += " disabled" }
    if tab.bell == true { line += " bell" }
    if tab.activity == true { line += " activity" }
    if let panes = tab.panes {
      line += " panes \(paneTree(panes)) focus \(tab.focus ?? "none")"
      if tab.zoomed == true { line += " zoomed" }
    }
    lines.append(line)
  }
  for (id, failure) in s.failures.sorted(by: { $0.key < $1.key }) {
    lines.append("failed \(id): \(failure)")
  }
  return lines.joined(separator: "\n")
}

/// A tab's panes as text: a pane is `ID WxH`, a split its cells in brackets, `|` between cells
/// side by side and `/` between cells one above the other.
func paneTree(_ cell: ShellState.Pane) -> String {
  guard let cells = cell.cells else { return "\(cell.pane ?? "?") \(cell.width)x\(cell.height)" }
  let inner = cells.map { $0.cells == nil ? paneTree($0) : "[\(paneTree($0))]" }
  return inner.joined(separator: cell.split == "vertical" ? " / " : " | ")
}

/// A shell with the built-in plugin and text tabs `ids` (the first selected and loaded); `setup`
/// runs next, and then the returned log starts: it records only what the test does after.
func makeShell(
  tabs ids: [String] = [], sourceLocation: SourceLocation = #_sourceLocation,
  setup: (Shell) throws -> Void = { _ in }
) throws -> (Shell, EventLog) {
  let shell = Shell()
  shell.checksInvariants = true
  try shell.register(BuiltinPlugin(), source: "built-in")
  for id in ids { try shell.addTab(type: "text", id: id, title: id.uppercased()) }
  try setup(shell)
  return (shell, EventLog(shell, sourceLocation: sourceLocation))
}

/// A clock a test moves by hand, for a shell's timers.
final class ManualClock {
  var time = Duration.zero
}

/// A shell (``makeShell(tabs:sourceLocation:setup:)``) on a clock the test moves (at zero), with
/// `plugin` registered and a tab of its screen type `type` for each of `ids` (the first selected
/// and loaded); the log records what the test does after.
func makeTimedShell(
  registering plugin: any TabShellPlugin, type: String, tabs ids: [String]
) throws -> (Shell, ManualClock, EventLog) {
  let clock = ManualClock()
  let (shell, log) = try makeShell { shell in
    shell.clock = { clock.time }
    try shell.register(plugin, source: "test")
    for id in ids { try shell.send(.addTab(NewTab(NewScreen(type: type, id: id)))) }
  }
  return (shell, clock, log)
}

/// One step of a test, as TCA's `TestStore` takes them: runs `operation`, then checks the exact
/// events it caused and the whole state after it.
@discardableResult
func step<Result>(
  _ shell: Shell, _ log: EventLog, _ operation: () throws -> Result, events: [String],
  state: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Result {
  let result = try operation()
  #expect(log.take() == events, sourceLocation: sourceLocation)
  #expect(snapshot(shell) == state, sourceLocation: sourceLocation)
  return result
}

/// One step of a test as an action, the way every input reaches the shell (``Shell/send(_:)``):
/// sends it, then checks the exact events it caused and the whole state after it; returns what it
/// did.
@discardableResult
func step(
  _ shell: Shell, _ log: EventLog, _ action: ShellAction, events: [String], state: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> ActionOutcome {
  try step(
    shell, log, { try shell.send(action) }, events: events, state: state,
    sourceLocation: sourceLocation)
}

/// A plugin with screens that throw, veto, and make requests, for tests.
final class TestPlugin: TabShellPlugin {
  let name = "test"
  var screenTypes: [any ScreenType] { [ThrowingType(), RequestType(), LoaderType()] }
  var layouts: [Layout] { [Self.keeper, Self.nested] }

  /// The builder a layout kept after it was built (a layout that tries to build later).
  nonisolated(unsafe) static var keptBuilder: LayoutBuilder?

  /// Keeps its builder, to use it after the layout is built.
  static let keeper = Layout(name: "keeper", summary: "keeps its builder") { builder in
    try builder.addTab(type: "text", id: "k")
    keptBuilder = builder
  }

  /// Applies another layout while it builds, through a shell it found (as a plugin cannot): the
  /// builds run one after the other, each its own changes, and nothing breaks.
  nonisolated(unsafe) static var shell: Shell?
  static let nested = Layout(name: "nested", summary: "applies another layout while it builds") {
    builder in
    try builder.addTab(type: "text", id: "n")
    try shell?.apply(layout: "keeper")
    try builder.addTab(type: "text", id: "after")
  }
}

/// `request-loader`: a request screen that pushes another of its type when it loads.
final class LoaderType: ScreenType {
  let name = "request-loader"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    RequestScreen(context: configuration.context, action: nil, onLoad: "push")
  }
}

struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

final class ThrowingType: ScreenType {
  let name = "throwing"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    if configuration.parameters["refuse"] != nil { throw Boom() }
    return ThrowingScreen()
  }
}

final class ThrowingScreen: Screen {
  func viewWillAppear() throws { throw Boom() }
}

/// A screen that, when it appears, does what its `on-appear` parameter says.
final class RequestType: ScreenType {
  let name = "request"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    RequestScreen(
      context: configuration.context, action: configuration.parameters["on-appear"],
      onLoad: configuration.parameters["on-load"])
  }
}

final class RequestScreen: Screen {
  let context: ScreenContext
  let action: String?
  let onLoad: String?

  init(context: ScreenContext, action: String?, onLoad: String? = nil) {
    self.context = context
    self.action = action
    self.onLoad = onLoad
  }

  func viewDidLoad() throws {
    // A screen that pushes another like itself as soon as it loads: without end.
    if onLoad == "push" { context.push("request-loader") }
  }

  func viewDidAppear() throws {
    switch action {
    case "badge": context.setBadge("7")
    case "select-1": context.selectTab("1")
    case "hide": context.setBarHidden(true)
    case "select-missing": context.selectTab("nope")
    case "veto-odd":
      context.onShouldSelect { $0.position % 2 == 0 }
    case "badge-flood":
      // Many requests at once, none setting off another: not a runaway.
      for count in 1...2_000 { context.setBadge(String(count)) }
    case "ping-pong":
      // Back to the other tab as soon as this one appears: without end.
      context.selectTab(context.screenID == "ping" ? "pong" : "ping")
    default: break
    }
  }
}

/// A plugin with one screen type of a given name and commands, for the name rules.
final class NamedPlugin: TabShellPlugin, @unchecked Sendable {
  let name: String
  let typeName: String
  let commandNames: [String]
  let layoutName: String?

  init(name: String = "named", type: String, commands: [String] = [], layout: String? = nil) {
    self.name = name
    self.typeName = type
    self.commandNames = commands
    self.layoutName = layout
  }

  var screenTypes: [any ScreenType] { [NamedType(name: typeName, commandNames: commandNames)] }
  var layouts: [Layout] {
    layoutName.map { [Layout(name: $0, summary: "") { _ in }] } ?? []
  }
}

final class NamedType: ScreenType {
  let name: String
  let commandNames: [String]

  init(name: String, commandNames: [String]) {
    self.name = name
    self.commandNames = commandNames
  }

  var commands: [ScreenCommand] {
    commandNames.map { ScreenCommand($0, of: ThrowingScreen.self, abstract: "") { _, _ in } }
  }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { ThrowingScreen() }
}
