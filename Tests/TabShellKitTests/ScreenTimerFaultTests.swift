@_spi(Host) import TabShellKit
import TestSupport
import Testing

/// What a faulty screen throws.
private struct NoLuck: Error, CustomStringConvertible {
  var description: String { "no luck" }
}

/// A screen type whose screens set no timers of their own (a test sets them through their
/// contexts, as a screen would) and whose `viewWillDisappear` throws while ``throwing`` is set.
private final class FaultyType: ScreenType {
  let name = "faulty"
  var throwing = false
  /// Its screens' contexts, by id.
  var contexts: [String: ScreenContext] = [:]
  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    contexts[configuration.id] = configuration.context
    return FaultyScreen(type: self)
  }
}

private final class FaultyScreen: Screen {
  unowned let type: FaultyType
  init(type: FaultyType) { self.type = type }
  func viewWillDisappear() throws {
    if type.throwing { throw NoLuck() }
  }
}

private final class FaultyPlugin: TabShellPlugin {
  let name = "faulty"
  let type = FaultyType()
  var screenTypes: [any ScreenType] { [type] }
}

/// A screen in the error state gets no firings of the timers it held when it faulted, however it
/// got there (docs/Contract.md, "Screens that take input, and timers").
@Suite("A faulty screen's timers")
struct ScreenTimerFaultTests {
  /// The events of selecting `g` while `f`'s `viewWillDisappear` throws: the whole lifecycle goes
  /// on around the fault.
  static let selectionOfGWithFFailing = [
    "viewDidLoad g", "viewWillAppear g", "viewWillDisappear f",
    "screen-failed f: viewWillDisappear failed: no luck", "viewDidDisappear f", "viewDidAppear g",
    "did-select 2 g",
  ]

  /// A shell with faulty tabs `f` (selected, loaded) and `g` (not loaded), its screen type, a
  /// clock the test moves (at zero), and the log of the events from then on.
  private func shell() throws -> (Shell, FaultyType, () -> Void, EventLog) {
    let plugin = FaultyPlugin()
    let (shell, clock, log) = try makeTimedShell(
      registering: plugin, type: "faulty", tabs: ["f", "g"])
    return (shell, plugin.type, { clock.time += .seconds(1) }, log)
  }

  @Test func aCallbackThatThrowsStopsItsScreensTimers() throws {
    let (shell, type, tick, log) = try shell()
    let (f, g) = (try #require(type.contexts["f"]), try #require(type.contexts["g"]))
    var fired: [String] = []
    let held = [
      f.every(.seconds(1)) { fired.append("f every") },
      f.after(.seconds(2)) { fired.append("f after") },
    ]
    let other = g.every(.seconds(1)) { fired.append("g") }
    type.throwing = true
    try shell.select("g")
    #expect(log.take() == Self.selectionOfGWithFFailing)
    #expect(held.allSatisfy(\.isCancelled) && !other.isCancelled)
    tick()
    tick()
    #expect(try shell.runDueTimers())
    #expect(fired == ["g"])
    // The lifecycle goes on, and the screen may set timers again: they fire as usual.
    type.throwing = false
    try shell.select("f")
    log.skip("the selection's lifecycle")
    #expect(shell.state.failures == ["f": "viewWillDisappear failed: no luck"])
    let again = f.after(.seconds(1)) { fired.append("f again") }
    tick()
    try shell.runDueTimers()
    #expect(fired == ["g", "g", "f again"] && again.isCancelled)
  }

  @Test func aTimerThatThrowsFaultsItsScreenAndStopsItsTimers() throws {
    let (shell, type, tick, log) = try shell()
    let (f, g) = (try #require(type.contexts["f"]), try #require(type.contexts["g"]))
    var fired: [String] = []
    var firings = 0
    // It throws the second time it fires.
    let throwing = f.every(.seconds(1)) {
      fired.append("f throwing")
      firings += 1
      if firings == 2 { throw NoLuck() }
    }
    // Due with it, set after it: it fires after it, so not at all once it has thrown.
    let next = f.every(.seconds(1)) { fired.append("f next") }
    let other = g.every(.seconds(1)) { fired.append("g") }
    tick()
    #expect(try shell.runDueTimers())
    #expect(fired == ["f throwing", "f next", "g"])
    tick()
    #expect(try shell.runDueTimers())
    #expect(log.take() == ["screen-failed f: timer failed: no luck"])
    #expect(fired == ["f throwing", "f next", "g", "f throwing", "g"])
    #expect(throwing.isCancelled && next.isCancelled && !other.isCancelled)
    #expect(shell.state.failures == ["f": "timer failed: no luck"])
    tick()
    try shell.runDueTimers()
    #expect(fired == ["f throwing", "f next", "g", "f throwing", "g", "g"])
  }

  /// Plugins built before a timer's body could throw call the forms whose body cannot: they fire
  /// and stop as the others do.
  @Test func theFormsWhoseBodyCannotThrowFireAndStopAsTheOthers() throws {
    let (shell, type, tick, log) = try shell()
    let f = try #require(type.contexts["f"])
    var fired: [String] = []
    let after: (Duration, @escaping () -> Void) -> ScreenTimer = f.after
    let every: (Duration, @escaping () -> Void) -> ScreenTimer = f.every
    let once = after(.seconds(1)) { fired.append("after") }
    let repeating = every(.seconds(1)) { fired.append("every") }
    tick()
    #expect(try shell.runDueTimers())
    #expect(fired == ["after", "every"] && once.isCancelled && !repeating.isCancelled)
    type.throwing = true
    try shell.select("g")
    #expect(log.take() == Self.selectionOfGWithFFailing)
    #expect(repeating.isCancelled)
    tick()
    #expect(try !shell.runDueTimers())
    #expect(fired == ["after", "every"])
  }

  @Test func aScreenTheHostMarksFailedHasItsTimersStopped() throws {
    let (shell, type, tick, log) = try shell()
    let f = try #require(type.contexts["f"])
    var fired = 0
    let timer = f.every(.seconds(1)) { fired += 1 }
    #expect(try shell.markFailed(screen: "f", message: "plugin 'faulty' stopped: it exited"))
    #expect(log.take() == ["screen-failed f: plugin 'faulty' stopped: it exited"])
    #expect(timer.isCancelled && shell.nextTimerDeadline == nil)
    tick()
    #expect(try !shell.runDueTimers())
    #expect(fired == 0)
  }
}
