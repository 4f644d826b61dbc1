import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering
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
