@_spi(Host) import TabShellKit
import Testing

/// A clock a test moves by hand.
private final class ManualClock {
  var time = Duration.zero
}

/// A screen type whose screens start a timer when they load.
private final class TickingType: ScreenType {
  let name = "ticking"
  var ticks: [String: Int] = [:]
  var interval: Duration = .seconds(1)
  var once = false
  /// Every timer its screens started.
  var started: [ScreenTimer] = []
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TickingScreen(id: configuration.id, context: configuration.context, type: self)
  }
}

private final class TickingScreen: Screen {
  let id: String
  let context: ScreenContext
  unowned let type: TickingType
  var timer: ScreenTimer?
  init(id: String, context: ScreenContext, type: TickingType) {
    self.id = id
    self.context = context
    self.type = type
  }
  func viewDidLoad() throws {
    let tick = { [id, type, context] in
      type.ticks[id, default: 0] += 1
      context.setBadge(String(type.ticks[id] ?? 0))
    }
    let timer = type.once ? context.after(type.interval, tick) : context.every(type.interval, tick)
    self.timer = timer
    type.started.append(timer)
  }
}

private final class TickingPlugin: TabShellPlugin {
  let name = "ticking"
  let type = TickingType()
  var screenTypes: [any ScreenType] { [type] }
}

@Suite("Screens' timers")
struct ScreenTimerTests {
  private func shell(once: Bool = false) throws -> (Shell, TickingType, ManualClock) {
    let plugin = TickingPlugin()
    plugin.type.once = once
    let clock = ManualClock()
    let (shell, _) = try makeShell { shell in
      shell.clock = { clock.time }
      try shell.register(plugin, source: "test")
      try shell.send(.addTab(NewTab(NewScreen(type: "ticking", id: "t"))))
    }
    return (shell, plugin.type, clock)
  }

  @Test func aRepeatingTimerFiresEachIntervalAndItsRequestsRun() throws {
    let (shell, type, clock) = try shell()
    #expect(shell.nextTimerDeadline == .seconds(1))
    #expect(try !shell.runDueTimers())
    clock.time = .seconds(1)
    #expect(try shell.runDueTimers())
    #expect(type.ticks["t"] == 1 && shell.tab(at: 1)?.item.badge == "1")
    #expect(shell.nextTimerDeadline == .seconds(2))
    // A host that fell behind skips the missed firings: one tick, not four.
    clock.time = .milliseconds(5_500)
    try shell.runDueTimers()
    #expect(type.ticks["t"] == 2 && shell.nextTimerDeadline == .milliseconds(6_500))
    #expect(shell.timeUntilNextTimer == .seconds(1))
  }

  @Test func aDelayFiresOnce() throws {
    let (shell, type, clock) = try shell(once: true)
    clock.time = .seconds(3)
    try shell.runDueTimers()
    try shell.runDueTimers()
    #expect(type.ticks["t"] == 1 && shell.nextTimerDeadline == nil)
  }

  @Test func aScreenThatLeavesTakesItsTimersWithIt() throws {
    let (shell, type, clock) = try shell()
    try shell.send(.closeTab("t"))
    #expect(shell.nextTimerDeadline == nil)
    clock.time = .seconds(10)
    #expect(try !shell.runDueTimers())
    #expect(type.ticks["t"] == nil)
  }

  @Test func aCancelledTimerDoesNotFire() throws {
    let (shell, type, clock) = try shell()
    let timer = try #require(type.started.first)
    timer.cancel()
    #expect(timer.isCancelled && shell.nextTimerDeadline == nil)
    clock.time = .seconds(5)
    #expect(try !shell.runDueTimers())
    #expect(type.ticks["t"] == nil && shell.tab(at: 1)?.item.badge == nil)
  }

  @Test func aRepeatingTimerHasAnIntervalFloor() throws {
    let plugin = TickingPlugin()
    plugin.type.interval = .zero
    let clock = ManualClock()
    let (shell, _) = try makeShell { shell in
      shell.clock = { clock.time }
      try shell.register(plugin, source: "test")
      try shell.send(.addTab(NewTab(NewScreen(type: "ticking", id: "t"))))
    }
    #expect(shell.nextTimerDeadline == ScreenContext.shortestInterval)
    clock.time = .milliseconds(3)
    #expect(try !shell.runDueTimers())
    clock.time = ScreenContext.shortestInterval
    #expect(try shell.runDueTimers())
    #expect(plugin.type.ticks["t"] == 1)
  }

}
