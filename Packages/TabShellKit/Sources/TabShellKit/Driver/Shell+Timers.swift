extension Shell {
  /// A timer waiting to fire, and when.
  struct PendingTimer {
    var deadline: Duration
    /// When it was set, among all timers: timers due at the same time fire in this order.
    let order: Int
    let timer: ScreenTimer
  }

  /// The time now, as the shell's clock says (see ``clock``).
  var now: Duration { clock() }

  /// Sets `timer` to fire after `delay`. A screen that holds ``ScreenContext/timerLimit`` timers
  /// already faults instead: it enters the error state and its timers stop, `timer` with them.
  func schedule(_ timer: ScreenTimer, in delay: Duration) {
    let screen = timer.screenID
    if timers[screen, default: []].count >= ScreenContext.timerLimit {
      // Those that fired, or were cancelled, do not count.
      timers[screen]?.removeAll { $0.timer.isCancelled }
      if timers[screen, default: []].count >= ScreenContext.timerLimit {
        timer.cancel()
        cancelTimers(of: screen)
        let message = "too many timers: a screen holds at most \(ScreenContext.timerLimit)"
        if let failed = model.markFailed(screen: screen, message: message) { record(failed) }
        return
      }
    }
    timersSet += 1
    timers[screen, default: []].append(
      PendingTimer(deadline: now + max(delay, .zero), order: timersSet, timer: timer))
  }

  /// How many timers the shell holds: those waiting, and those cancelled or fired that it has not
  /// dropped yet (each screen's are dropped when they fire, or when it sets its
  /// ``ScreenContext/timerLimit``-th).
  @_spi(Host) public var heldTimerCount: Int { timers.values.reduce(0) { $0 + $1.count } }

  /// When the next timer is due, on the shell's clock (``clock``); `nil` when none waits. A host
  /// waiting for input waits no longer than this, then calls ``runDueTimers()``.
  public var nextTimerDeadline: Duration? {
    // Loops, not a lazy chain: a host asks at each wake-up, most often of no timer at all.
    guard !timers.isEmpty else { return nil }
    var soonest: Duration?
    for list in timers.values {
      for entry in list where !entry.timer.isCancelled {
        if soonest.map({ entry.deadline < $0 }) ?? true { soonest = entry.deadline }
      }
    }
    return soonest
  }

  /// How long until the next timer is due (zero when one is overdue); `nil` when none waits.
  public var timeUntilNextTimer: Duration? {
    nextTimerDeadline.map { max(.zero, $0 - now) }
  }

  /// Fires the timers that are due, in the order of their deadlines (those due at the same time
  /// in the order they were set), then runs the requests they made; returns whether any fired. A
  /// timer set while they fire waits for the next call, and is not due before
  /// ``ScreenContext/shortestInterval`` has passed: a timer that sets itself again lets the host
  /// sleep in between.
  @discardableResult
  public func runDueTimers() throws(ShellError) -> Bool {
    // No timer, no clock read (the host runs this at each wake-up: each key a terminal echoes).
    guard !timers.isEmpty else { return false }
    let time = now
    var due: [PendingTimer] = []
    for screen in timers.values.indices {
      for index in timers.values[screen].indices {
        let entry = timers.values[screen][index]
        guard !entry.timer.isCancelled, entry.deadline <= time else { continue }
        due.append(entry)
        // A repeating timer's next firing is set before any body runs: the first after now, so
        // that a host that fell behind skips, and never bursts.
        if let interval = entry.timer.interval {
          let next = entry.deadline + interval
          timers.values[screen][index].deadline = next <= time ? time + interval : next
        }
      }
    }
    guard !due.isEmpty else { return false }
    due.sort { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
    for entry in due {
      guard !entry.timer.isCancelled, isLive(entry.timer.screenID) else {
        entry.timer.cancel()
        continue
      }
      if entry.timer.interval == nil { entry.timer.cancel() }
      do {
        try entry.timer.body()
      } catch {
        // A fault of its screen, as a callback's throw: its timers due now fire no more either.
        fault(screen: entry.timer.screenID, message: "timer failed: \(error)")
      }
    }
    for screen in Set(due.map(\.timer.screenID)) {
      timers[screen]?.removeAll { $0.timer.isCancelled }
      if timers[screen]?.isEmpty == true { timers[screen] = nil }
    }
    try settle()
    return true
  }

  /// Stops the timers of a screen that leaves or enters the error state.
  func cancelTimers(of screen: String) {
    guard let held = timers.removeValue(forKey: screen) else { return }
    for entry in held { entry.timer.cancel() }
  }
}
