/// A timer a screen asked for through its context (``ScreenContext/after(_:_:)``,
/// ``ScreenContext/every(_:_:)``). It fires on the thread that owns the shell, between changes,
/// while the host waits for input: in the full-screen mode, in the REPL while the user types, and
/// during a script's `wait-for` and `sleep`. It stops when cancelled, when its screen leaves, and
/// when its screen faults: a body that throws, like a callback that throws, puts the screen into
/// the error state (`timer failed: …`), and a screen that enters the error state, whatever the
/// cause, has all the timers it held stopped (it may set new ones, which fire as usual).
///
/// A timer fires at most once each time the host wakes up, and never sooner than
/// ``ScreenContext/shortestInterval`` after it was set: one that sets itself again with no delay
/// fires at most 100 times a second, and the host sleeps in between, taking keys and drawing as
/// usual. A screen holds at most ``ScreenContext/timerLimit`` timers at once.
///
/// Isolation: used only on the thread that owns the shell.
public final class ScreenTimer {
  /// The id of the screen that asked for it.
  public let screenID: String
  /// The time between two firings, for a repeating timer.
  public let interval: Duration?
  /// Whether it will fire no more: cancelled, fired once (a delay), its screen left or entered
  /// the error state, or it was one timer too many (``ScreenContext/timerLimit``).
  public private(set) var isCancelled = false
  let body: () throws -> Void

  init(screenID: String, interval: Duration?, body: @escaping () throws -> Void) {
    self.screenID = screenID
    self.interval = interval
    self.body = body
  }

  /// Stops the timer; it does not fire again.
  public func cancel() { isCancelled = true }
}

extension ScreenContext {
  /// The shortest delay of a timer and the shortest interval of a repeating one: one asked for
  /// shorter (zero included) waits this long. A timer that sets itself again at once thus fires at
  /// most 100 times a second, and the shell sleeps in between instead of spinning.
  public static let shortestInterval = Duration.milliseconds(10)

  /// The most timers a screen holds at once (those set and not yet fired, cancelled or stopped).
  /// A screen that asks for one more faults, as a callback that throws does: it enters the error
  /// state (`too many timers: a screen holds at most 1000`) and its timers stop, the one it asked
  /// for with them. It may set timers again afterwards.
  public static let timerLimit = 1_000

  /// Calls `body` once, after `delay` (at least ``shortestInterval``), unless cancelled, the
  /// screen has left or it entered the error state meanwhile. Set from a timer's body, it fires
  /// at the host's next wake-up at the earliest, never in the same one. A `body` that throws puts
  /// the screen into the error state (`timer failed: …`) and stops its timers.
  @discardableResult
  public func after(_ delay: Duration, _ body: @escaping () throws -> Void) -> ScreenTimer {
    let delay = max(delay, Self.shortestInterval)
    return schedule(ScreenTimer(screenID: screenID, interval: nil, body: body), in: delay)
  }

  /// Calls `body` every `interval` (at least ``shortestInterval``), the first time after one
  /// interval, until cancelled, the screen leaves or it enters the error state. A host that falls
  /// behind skips the missed firings rather than running them in a burst. A `body` that throws
  /// puts the screen into the error state (`timer failed: …`) and stops its timers, this one
  /// with them.
  @discardableResult
  public func every(_ interval: Duration, _ body: @escaping () throws -> Void) -> ScreenTimer {
    let interval = max(interval, Self.shortestInterval)
    return schedule(ScreenTimer(screenID: screenID, interval: interval, body: body), in: interval)
  }

  private func schedule(_ timer: ScreenTimer, in delay: Duration) -> ScreenTimer {
    guard let shell, shell.isLive(screenID) else {
      timer.cancel()
      return timer
    }
    shell.schedule(timer, in: delay)
    return timer
  }
}
