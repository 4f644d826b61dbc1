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
    timers.lazy.filter { !$0.timer.isCancelled }.map(\.deadline).min()
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
    // A repeating timer's next firing is set before any body runs: the first after now, so that a
    // host that fell behind skips, and never bursts.
    for index in timers.indices where timers[index].deadline <= time {
      if let interval = timers[index].timer.interval {
        let next = timers[index].deadline + interval
        timers[index].deadline = next <= time ? time + interval : next
      }
    }
    for entry in due {
      guard !entry.timer.isCancelled, isLive(entry.timer.screenID) else {
        entry.timer.cancel()
        continue
      }
      if entry.timer.interval == nil { entry.timer.cancel() }
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
