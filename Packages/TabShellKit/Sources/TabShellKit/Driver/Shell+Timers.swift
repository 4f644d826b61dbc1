extension Shell {
  /// A timer waiting to fire, and when.
  struct PendingTimer {
    var deadline: Duration
    let timer: ScreenTimer
  }

  /// The time now, as the shell's clock says (see ``clock``).
  var now: Duration { clock() }

  func schedule(_ timer: ScreenTimer, in delay: Duration) {
    timers.append(PendingTimer(deadline: now + max(delay, .zero), timer: timer))
  }

  /// When the next timer is due, on the shell's clock (``clock``); `nil` when none waits. A host
  /// waiting for input waits no longer than this, then calls ``runDueTimers()``.
  public var nextTimerDeadline: Duration? {
    timers.removeAll { $0.timer.isCancelled }
    return timers.lazy.map(\.deadline).min()
  }

  /// How long until the next timer is due (zero when one is overdue); `nil` when none waits.
  public var timeUntilNextTimer: Duration? {
    nextTimerDeadline.map { max(.zero, $0 - now) }
  }

  /// Fires the timers that are due, in the order of their deadlines, then runs the requests they
  /// made; returns whether any fired. A timer set while they fire waits for the next call.
  @discardableResult
  public func runDueTimers() throws(ShellError) -> Bool {
    let time = now
    var due = timers.filter { !$0.timer.isCancelled && $0.deadline <= time }
    guard !due.isEmpty else { return false }
    due.sort { $0.deadline < $1.deadline }
    for entry in due {
      guard !entry.timer.isCancelled, isLive(entry.timer.screenID) else {
        entry.timer.cancel()
        continue
      }
      if let interval = entry.timer.interval {
        // The next firing after now: a host that fell behind skips, and never bursts.
        var next = entry.deadline + interval
        if next <= time { next = time + interval }
        if let index = timers.firstIndex(where: { $0.timer === entry.timer }) {
          timers[index].deadline = next
        }
      } else {
        entry.timer.cancel()
      }
      entry.timer.body()
    }
    timers.removeAll { $0.timer.isCancelled }
    try settle()
    return true
  }

  /// Stops the timers of a screen that leaves.
  func cancelTimers(of screen: String) {
    guard !timers.isEmpty else { return }
    for entry in timers where entry.timer.screenID == screen { entry.timer.cancel() }
    timers.removeAll { $0.timer.isCancelled }
  }
}
