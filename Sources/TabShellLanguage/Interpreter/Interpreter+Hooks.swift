@_spi(Host) import TabShellKit
import TabShellRendering

/// An `on EVENT COMMANDS` hook: its commands, parsed once, and where it was written.
struct Hook {
  var event: EventName
  var commands: [Command]
  var file: String?
  var location: SourceLocation
}

/// Hooks set off too many commands, one setting off the next: stops every script and hook under
/// way, and fails the command that set the first hook off.
struct HookRunaway: Error {
  var diagnostic: Diagnostic
}

/// The hooks, and the runs of them that events have queued.
///
/// Events only queue hook runs; they run after the command that set them off, in the order the
/// events happened (``Interpreter/runHooks()``). Should-select hooks decide before the selection:
/// their commands that only look run at once, the others are queued like any hook's.
struct HookTable {
  struct Run {
    var hook: Hook
    var tab: Int?
    var id: String?
    /// `$status`, for an `exited` hook.
    var status: Int? = nil
  }

  var byEvent: [EventName: [Hook]] = [:]
  var shouldSelect: [Hook] = []
  private var queue: [Run] = []
  private var head = 0
  /// Whether queued runs are being run now.
  var isRunning = false
  /// Whether should-select hooks are deciding now, and whether one said `deny`.
  var decision: Bool?
  /// Commands hooks ran since the command that set them off; bounded.
  var commandsRun = 0
  /// A failure of a should-select hook, for the command that asked for the selection.
  var failure: (any Error)?
  /// The `$tab`, `$id` and (for `exited`) `$status` of the hook running now.
  var current: (tab: String, id: String, status: String?)?

  /// Whether commands run now count as hooks' commands.
  var isCounting: Bool { isRunning || decision != nil }

  /// Whether anything is left to do after a command: runs queued, a failure to report, a count to
  /// reset.
  var hasWork: Bool { head < queue.count || failure != nil || commandsRun > 0 }

  mutating func enqueue(_ run: Run) { queue.append(run) }

  mutating func next() -> Run? {
    guard head < queue.count else { return nil }
    head += 1
    return queue[head - 1]
  }

  mutating func reset() {
    queue.removeAll(keepingCapacity: true)
    head = 0
    commandsRun = 0
    failure = nil
  }

  /// How `$` words read in a command bound as it runs.
  func substitution(arguments: [String]) -> Substitution {
    Substitution(
      arguments: arguments, tab: current?.tab, id: current?.id, status: current?.status)
  }
}

extension Interpreter {
  /// How many commands hooks may run, one setting off the next, for one command (through any
  /// depth of `source`).
  package static let hookCommandLimit = 1_000

  /// Adds a hook, written where the command running now was, and makes sure the shell tells the
  /// interpreter about events.
  func addHook(on event: EventName, commands: [Command]) {
    let hook = Hook(event: event, commands: commands, file: place.file, location: place.location)
    if event == .shouldSelect {
      hooks.shouldSelect.append(hook)
    } else {
      hooks.byEvent[event, default: []].append(hook)
    }
    updateObservers()
  }

  /// `deny`: vetoes the selection the should-select hooks are deciding.
  func deny() throws(LanguageError) {
    guard hooks.decision != nil else { throw .denyOutsideHook }
    hooks.decision = true
  }

  /// Counts a command that a hook caused; past ``hookCommandLimit`` every hook and script under
  /// way stops.
  @inline(__always)
  func countHookCommand(at location: SourceLocation) throws(HookRunaway) {
    guard hooks.isCounting else { return }
    hooks.commandsRun += 1
    if hooks.commandsRun > Self.hookCommandLimit {
      throw HookRunaway(
        diagnostic: Diagnostic(
          file: place.file, location: location, error: .hookRunaway(limit: Self.hookCommandLimit)))
    }
  }

  /// Observes the shell only while something needs its events (a trace or a hook), so that a run
  /// without them does no event work at all.
  func updateObservers() {
    let needsEvents = traceOutput.mode != .off || !hooks.byEvent.isEmpty
    if needsEvents, observerToken == nil {
      observerToken = shell.addObserver { [unowned self] event in self.observe(event) }
    } else if !needsEvents, let token = observerToken {
      shell.removeObserver(token)
      observerToken = nil
    }
    if !hooks.shouldSelect.isEmpty, shouldSelectToken == nil {
      shouldSelectToken = shell.addShouldSelectHandler { [unowned self] request in
        self.shouldSelect(request)
      }
    }
  }

  /// An event: traced at once; the hooks on it are queued.
  func observe(_ event: ShellEvent) {
    if let line = traceOutput.line(for: event) { traceLine(line) }
    // Should-select hooks decide in the shell's should-select handler, not here.
    if event.name != .shouldSelect, let list = hooks.byEvent[event.name] {
      let (tab, id) = concerned(by: event)
      var status: Int?
      if case .exited(_, _, let code) = event { status = code }
      for hook in list { hooks.enqueue(.init(hook: hook, tab: tab, id: id, status: status)) }
    }
  }

  /// The `$tab` and `$id` of an event's hooks: its tab's position and id, or its screen's id; for
  /// an event of the bar as a whole (`did-bounce`, `bar-hidden`, `bar-shown`, `action-tapped`),
  /// the tab selected once the change is complete (none without tabs).
  private func concerned(by event: ShellEvent) -> (tab: Int?, id: String?) {
    if let id = event.tabID ?? event.screen { return (event.tab, id) }
    guard let position = shell.selectedPosition else { return (event.tab, nil) }
    return (position, shell.tab(at: position)?.id)
  }

  /// The shell's should-select handler: runs the should-select hooks; `false` when one said
  /// `deny`. Their commands that change the shell wait for the end of the selection.
  func shouldSelect(_ request: SelectionRequest) -> Bool {
    let outer = hooks.decision
    hooks.decision = false
    defer { hooks.decision = outer }
    for hook in hooks.shouldSelect {
      decide(with: hook, tab: request.position, id: request.id)
      if hooks.decision == true { return false }
    }
    return true
  }

  private func decide(with hook: Hook, tab: Int, id: String) {
    let saved = (hooks.current, place)
    defer { (hooks.current, place) = saved }
    hooks.current = (String(tab), id, nil)
    place = Place(file: hook.file, location: hook.location)
    var later: [Command] = []
    for command in hook.commands where hooks.failure == nil {
      do {
        try countHookCommand(at: hook.location)
        if effect(of: command) == .looks {
          try execute(command)
        } else {
          later.append(command)
        }
      } catch let error as HookRunaway {
        hooks.failure = error
      } catch let error as Interrupted {
        hooks.failure = error
      } catch {
        hooks.failure = diagnostic(for: error, at: hook.location, file: hook.file)
      }
    }
    if !later.isEmpty {
      var deferred = hook
      deferred.commands = later
      hooks.enqueue(.init(hook: deferred, tab: tab, id: id))
    }
  }

  private func effect(of command: Command) -> Declaration.Effect {
    switch command.boxed.target {
    case .builtin(let index): return table.declarations[index].effect
    case .keepingOutput(let command): return effect(of: command)
    case .screen: return .changes
    }
  }

  /// Runs the hooks the last command set off, and those they set off in turn, until none are
  /// left; a failure (or `exit`) in one stops them all and is the command's. Inside a hook (a
  /// sourced file's commands) it does nothing: the outermost call runs them all, one after
  /// another, so that hooks never nest.
  func runHooks() throws {
    guard !hooks.isRunning else { return }
    hooks.isRunning = true
    let outerPlace = place
    defer {
      hooks.isRunning = false
      hooks.reset()
      place = outerPlace
    }
    if let failure = hooks.failure { throw failure }
    while let run = hooks.next() {
      let saved = hooks.current
      defer { hooks.current = saved }
      hooks.current = (run.tab.map(String.init) ?? "", run.id ?? "", run.status.map(String.init))
      for command in run.hook.commands {
        if Self.isInterrupted { throw Interrupted() }
        place = Place(file: run.hook.file, location: run.hook.location)
        try countHookCommand(at: run.hook.location)
        do {
          try execute(command)
        } catch let error as ExitRequest {
          throw error
        } catch let error as Interrupted {
          throw error
        } catch is HookRunaway {
          // Said at the hook that was running, wherever (in a file it sources) the count ran out.
          throw HookRunaway(
            diagnostic: Diagnostic(
              file: run.hook.file, location: run.hook.location,
              error: .hookRunaway(limit: Self.hookCommandLimit)))
        } catch is AlreadyReported {
          throw AlreadyReported()
        } catch {
          throw diagnostic(for: error, at: run.hook.location, file: run.hook.file)
        }
        if let failure = hooks.failure { throw failure }
      }
    }
  }
}
