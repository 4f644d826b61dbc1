/// A timer a screen asked for through its context (``ScreenContext/after(_:_:)``,
/// ``ScreenContext/every(_:_:)``). It fires on the thread that owns the shell, between changes,
/// while the host waits for input: in the full-screen mode, in the REPL while the user types, and
/// during a script's `wait-for` and `sleep`. It stops when cancelled or when its screen leaves.
///
/// Isolation: used only on the thread that owns the shell.
public final class ScreenTimer {
  /// The id of the screen that asked for it.
  public let screenID: String
  /// The time between two firings, for a repeating timer.
  public let interval: Duration?
  /// Whether it will fire no more: cancelled, fired once (a delay), or its screen left.
  public private(set) var isCancelled = false
  let body: () -> Void

  init(screenID: String, interval: Duration?, body: @escaping () -> Void) {
    self.screenID = screenID
    self.interval = interval
    self.body = body
  }

  /// Stops the timer; it does not fire again.
  public func cancel() { isCancelled = true }
}

extension ScreenContext {
  /// The shortest interval of a repeating timer: one asked for shorter fires this often.
  public static let shortestInterval = Duration.milliseconds(10)

  /// Calls `body` once, after `delay`, unless cancelled or the screen has left.
  @discardableResult
  public func after(_ delay: Duration, _ body: @escaping () -> Void) -> ScreenTimer {
    schedule(ScreenTimer(screenID: screenID, interval: nil, body: body), in: delay)
  }

  /// Calls `body` every `interval` (at least ``shortestInterval``), the first time after one
  /// interval, until cancelled or the screen leaves. A host that falls behind skips the missed
  /// firings rather than running them in a burst.
  @discardableResult
  public func every(_ interval: Duration, _ body: @escaping () -> Void) -> ScreenTimer {
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
