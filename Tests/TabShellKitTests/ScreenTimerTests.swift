@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// A screen type whose screens start a timer when they load.
private final class TickingType: ScreenType {
  let name = "ticking"
  var ticks: [String: Int] = [:]
  var interval: Duration = .seconds(1)
  var once = false
  /// Every timer its screens started.
  var started: [ScreenTimer] = []
  /// Its screens' contexts, by id: a test sets timers through them as a screen would.
  var contexts: [String: ScreenContext] = [:]
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    contexts[configuration.id] = configuration.context
    return TickingScreen(id: configuration.id, context: configuration.context, type: self)
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
    let (shell, type, clock, _) = try shellAndLog(once: once)
    return (shell, type, clock)
  }

  /// A shell with a ticking tab `t` (loaded) and the rest of `ids` (not loaded), and the log of
  /// the events from then on.
  private func shellAndLog(once: Bool = false, ids: [String] = ["t"]) throws -> (
    Shell, TickingType, ManualClock, EventLog
  ) {
    let plugin = TickingPlugin()
    plugin.type.once = once
    let (shell, clock, log) = try makeTimedShell(registering: plugin, type: "ticking", tabs: ids)
    return (shell, plugin.type, clock, log)
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

  @Test func aTimerSetAgainAtOnceWaitsTheShortestInterval() throws {
    let (shell, type, clock) = try shell(once: true)
    let context = try #require(type.contexts["t"])
    var firings = 0
    func again() {
      context.after(.zero) {
        firings += 1
        again()
      }
    }
    clock.time = .seconds(5)
    try shell.runDueTimers()  // The screen's own, set when it loaded.
    again()
    // Not due at once: a host would not sleep at all.
    #expect(shell.nextTimerDeadline == .seconds(5) + ScreenContext.shortestInterval)
    #expect(try !shell.runDueTimers())
    clock.time += ScreenContext.shortestInterval
    #expect(try shell.runDueTimers())
    #expect(firings == 1)
    // Set again from its own body: not due in the same call, nor at the same time.
    #expect(try !shell.runDueTimers())
    #expect(firings == 1)
    #expect(shell.nextTimerDeadline == clock.time + ScreenContext.shortestInterval)
    #expect(shell.timeUntilNextTimer == ScreenContext.shortestInterval)
  }

  @Test func timersDueAtOnceFireInTheOrderTheyWereSet() throws {
    let (shell, type, clock, log) = try shellAndLog(once: true, ids: ["t", "u", "v"])
    var fired: [String] = []
    for (n, id) in ["v", "t", "u", "t", "v"].enumerated() {
      let context = try #require(type.contexts[id])
      context.after(.seconds(2)) { fired.append("\(id)\(n)") }
    }
    clock.time = .seconds(2)
    try shell.runDueTimers()
    // t's own timer (set when it loaded, due at 1 s) first, then the rest as they were set.
    #expect(type.ticks["t"] == 1)
    #expect(fired == ["v0", "t1", "u2", "t3", "v4"])
    log.skip("the badge the tick set")
  }

  @Test func aScreenThatHoldsTooManyTimersFaultsAndItsTimersStop() throws {
    let (shell, type, clock, log) = try shellAndLog(ids: ["t", "u"])
    let (t, u) = (try #require(type.contexts["t"]), try #require(type.contexts["u"]))
    let other = u.every(.seconds(1)) {}
    // t holds its own repeating timer and as many more as it may.
    var set = [try #require(type.started.first)]
    for _ in 1..<ScreenContext.timerLimit { set.append(t.after(.seconds(1)) {}) }
    #expect(shell.heldTimerCount == ScreenContext.timerLimit + 1)
    #expect(!set.contains { $0.isCancelled } && shell.state.failures.isEmpty)
    let tooMany = t.after(.seconds(1)) {}
    try shell.settle()
    #expect(log.take() == ["screen-failed t: too many timers: a screen holds at most 1000"])
    #expect(tooMany.isCancelled && set.allSatisfy(\.isCancelled) && !other.isCancelled)
    #expect(shell.heldTimerCount == 1)
    clock.time = .seconds(1)
    #expect(try shell.runDueTimers())
    #expect(type.ticks["t"] == nil)
    // The lifecycle goes on, as after a callback that throws: it may set timers again.
    #expect(!t.after(.seconds(1)) {}.isCancelled && shell.heldTimerCount == 2)
    #expect(shell.state.failures == ["t": "too many timers: a screen holds at most 1000"])
  }

  @Test func timersSetAndCancelledWithoutEndAreNotHeldWithoutEnd() throws {
    let (shell, type, _) = try shell()
    let context = try #require(type.contexts["t"])
    for _ in 0..<(10 * ScreenContext.timerLimit) { context.after(.seconds(60)) {}.cancel() }
    #expect(shell.heldTimerCount <= ScreenContext.timerLimit)
    #expect(shell.state.failures.isEmpty && type.started.allSatisfy { !$0.isCancelled })
    #expect(shell.nextTimerDeadline == .seconds(1))
  }
}
