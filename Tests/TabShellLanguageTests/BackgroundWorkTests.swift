import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering
import TestSupport
import Testing

@testable import TabShellLanguage

/// A screen type whose screens set their tab's badge from a timer, every second.
private final class TickerType: ScreenType {
  let name = "badge-ticker"
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TickerScreen(context: configuration.context)
  }
}

private final class TickerScreen: Screen {
  let context: ScreenContext
  var count = 0
  init(context: ScreenContext) { self.context = context }
  func viewDidLoad() throws {
    context.every(.seconds(1)) { [weak self] in
      guard let self else { return }
      count += 1
      context.setBadge(String(count))
    }
  }
}

private final class TickerPlugin: TabShellPlugin {
  let name = "ticker"
  var screenTypes: [any ScreenType] { [TickerType()] }
}

/// What the shell does while it waits for the user: screens' timers are due when their time comes,
/// and their changes run, with the hooks they set off.
@Suite struct BackgroundWorkTests {
  @Test func aTimerIsDueOnTimeAndItsChangesRunHooks() throws {
    var time = Duration.zero
    let shell = Shell()
    shell.clock = { time }
    try shell.register(BuiltinPlugin(), source: "built-in")
    try shell.register(TickerPlugin(), source: "test")
    var printed: [String] = []
    let interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(), currentDirectory: "/",
      output: { printed.append($0) }, report: { printed.append("\($0)") })
    #expect(interpreter.backgroundTimeout == -1)
    #expect(
      interpreter.runLine("add-tab badge-ticker --id t; on badge-changed echo badge $tab")
        == .success)
    #expect(interpreter.backgroundTimeout == 1_000)
    time = .milliseconds(400)
    #expect(interpreter.backgroundTimeout == 600)
    time = .milliseconds(1_000)
    #expect(interpreter.backgroundTimeout == 0)
    #expect(interpreter.runBackgroundWork() == .success)
    #expect(shell.tab(at: 1)?.item.badge == "1")
    #expect(printed.contains("badge 1"), "\(printed)")
    #expect(interpreter.backgroundTimeout == 1_000)
  }
}

/// A screen type whose screens set a timer of no delay that sets itself again each time it fires.
private final class AgainType: ScreenType {
  let name = "again"
  var firings = 0
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    AgainScreen(context: configuration.context, type: self)
  }
}

private final class AgainScreen: Screen {
  let context: ScreenContext
  unowned let type: AgainType
  init(context: ScreenContext, type: AgainType) {
    self.context = context
    self.type = type
  }
  func viewDidLoad() throws { again() }
  private func again() {
    context.after(.zero) { [weak self] in
      guard let self else { return }
      type.firings += 1
      again()
    }
  }
}

private final class AgainPlugin: TabShellPlugin {
  let name = "again"
  let type = AgainType()
  var screenTypes: [any ScreenType] { [type] }
}

extension BackgroundWorkTests {
  /// A timer that sets itself again with no delay fires at most once each 10 ms: the wait sleeps
  /// in between (it used to wake about 100,000 times a second, firing it each time), and another
  /// screen's timer fires meanwhile.
  @Test func aTimerThatSetsItselfAgainAtOnceLetsTheShellSleep() throws {
    let shell = Shell()
    try shell.register(BuiltinPlugin(), source: "built-in")
    let plugin = AgainPlugin()
    try shell.register(plugin, source: "test")
    try shell.register(TickerPlugin(), source: "ticker")
    let interpreter = Interpreter(
      shell: shell, renderOptions: RenderOptions(), currentDirectory: "/", output: { _ in },
      report: { _ in })
    let host = TestHost()
    interpreter.host = host
    let line = "add-tab badge-ticker --id b; tab b; add-tab again --id a; tab a; sleep 1.2"
    #expect(interpreter.runLine(line) == .success)
    let (firings, most) = (plugin.type.firings, 1_200 / 10)
    #expect(firings >= 1 && firings <= most, "\(firings) firings")
    // A wake-up for each firing, and one for each 0.1 s slice of the wait.
    let wakeUps = host.moments.filter { $0 != .ended }.count
    #expect(wakeUps <= most + 12, "\(wakeUps) wake-ups")
    #expect(shell.tab(at: 1)?.item.badge == "1")
  }
}
