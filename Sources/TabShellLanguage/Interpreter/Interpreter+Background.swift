@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellPlatform

extension Interpreter {
  /// What the shell watches while it waits for the user (at the REPL's prompt, in the full-screen
  /// mode) besides the terminal: the process plugins' pipes and the background sources'
  /// descriptors (terminal tabs' programs). When one is ready, or ``backgroundTimeout`` has
  /// passed, the waiter calls ``runBackgroundWork()``.
  package var backgroundDescriptors: [Int32] {
    var descriptors = plugins.hasProcessPlugins ? plugins.pollDescriptors : []
    // One array, appended to (the loop asks at each wake-up); a first source's own when there
    // is nothing before it.
    for source in services.backgroundSources {
      if descriptors.isEmpty {
        descriptors = source.descriptors()
      } else {
        descriptors += source.descriptors()
      }
    }
    return descriptors
  }

  /// How long the waiter may wait before background work is due, in milliseconds as `poll` takes
  /// them: 0 when work waits that no descriptor will announce (requests already read), the time
  /// to the next screen timer (rounded up) or the soonest a background source asks for, or -1
  /// when nothing is due.
  package var backgroundTimeout: Int32 {
    if plugins.hasProcessPlugins && plugins.hasPendingWork { return 0 }
    var timeout = timerTimeout
    for source in services.backgroundSources { timeout = Self.sooner(timeout, source.timeout()) }
    return timeout
  }

  /// The time to the next screen timer, rounded up, in milliseconds (-1: none).
  private var timerTimeout: Int32 { shell.timeUntilNextTimer.map(Self.milliseconds) ?? -1 }

  /// The sooner of two waits in milliseconds, where -1 is none.
  private static func sooner(_ a: Int32, _ b: Int32) -> Int32 {
    b < 0 ? a : a < 0 ? b : min(a, b)
  }

  /// ``backgroundDescriptors`` added to `set`, and ``backgroundTimeout`` returned, in one pass:
  /// what the full-screen loop asks before each wait (twice a key a terminal tab echoes).
  package func watchBackground(in set: inout SystemIO.PollSet) -> Int32 {
    var timeout = timerTimeout
    if plugins.hasProcessPlugins {
      set.append(contentsOf: plugins.pollDescriptors)
      if plugins.hasPendingWork { timeout = 0 }
    }
    for source in services.backgroundSources { timeout = Self.sooner(timeout, source.watch(&set)) }
    return timeout
  }

  /// Takes in what the background sources have (without waiting), then runs the screens'
  /// requests they made (a redraw) and the hooks those set off.
  func takeInBackgroundSources(ready: [Int32]? = nil) throws {
    for source in services.backgroundSources { source.run(ready) }
    if shell.hasPendingRequests { try shell.settle() }
    if observation.hooks.hasWork { try runHooks() }
  }

  /// Ends what the background sources run (the terminal tabs' programs), when the shell exits.
  package func endBackgroundSources() {
    for source in services.backgroundSources { source.end() }
  }

  /// The background work that came while the shell waited: the process plugins' requests (each a
  /// change of its own), the screens' timers that are due, and the hooks they set off; a fault is
  /// reported as `error: MESSAGE`. `.exit` when a hook ran `exit`. What it prints goes to `sink`.
  /// `ready`: the descriptors the wait found ready, when the waiter knows them (a source then
  /// skips what has nothing for it).
  package func runBackgroundWork(to sink: (any OutputSink)? = nil, ready: [Int32]? = nil)
    -> Outcome
  {
    printing(to: sink) { runBackgroundWorkNow(ready: ready) }
  }

  private func runBackgroundWorkNow(ready: [Int32]?) -> Outcome {
    state.anyFailed = false
    do {
      try takeInBackgroundWork(ready: ready)
    } catch let request as ExitRequest {
      return .exit(request.status(anyFailed: state.anyFailed))
    } catch is Interrupted {
      return .interrupted
    } catch is AlreadyReported {
      return .failure
    } catch {
      report(diagnostic(for: error, at: SourceLocation(line: 1, column: 1), file: nil))
      return .failure
    }
    return .success
  }

  /// The background work itself (``runBackgroundWork()``), for a command that waits (`wait-for`,
  /// `sleep`): a screen timer's failure is reported where the command was written and the script
  /// counts as failed; a plugin's fault, a hook's failure, `exit` and an interrupt are thrown.
  func takeInBackgroundWork(ready: [Int32]? = nil) throws {
    try settlePlugins()
    if !services.backgroundSources.isEmpty { try takeInBackgroundSources(ready: ready) }
    do {
      try shell.runDueTimers()
    } catch {
      report(diagnostic(for: error, at: state.place.location, file: state.place.file))
      state.anyFailed = true
    }
    if observation.hooks.hasWork { try runHooks() }
  }
}
