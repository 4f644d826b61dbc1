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
    if isSetAlready(hookOn: event) { return }
    let hook = Hook(
      event: event, commands: commands, file: state.place.file, location: state.place.location)
    if event == .shouldSelect {
      observation.hooks.shouldSelect.append(hook)
    } else {
      observation.hooks.byEvent[event, default: []].append(hook)
    }
    updateObservers()
  }

  /// `deny`: vetoes the selection the should-select hooks are deciding.
  func deny() throws(LanguageError) {
    guard observation.hooks.decision != nil else { throw .denyOutsideHook }
    observation.hooks.decision = true
  }

  /// Counts a command that a hook caused; past ``hookCommandLimit`` every hook and script under
  /// way stops.
  @inline(__always)
  func countHookCommand(at location: SourceLocation) throws(HookRunaway) {
    guard observation.hooks.isCounting else { return }
    observation.hooks.commandsRun += 1
    if observation.hooks.commandsRun > Self.hookCommandLimit {
      throw HookRunaway(
        diagnostic: Diagnostic(
          file: state.place.file, location: location,
          error: .hookRunaway(limit: Self.hookCommandLimit)))
    }
  }

  /// Observes the shell only while something needs its events (a trace or a hook), so that a run
  /// without them does no event work at all.
  func updateObservers() {
    let needsEvents = observation.trace.mode != .off || !observation.hooks.byEvent.isEmpty
    if needsEvents, observation.observerToken == nil {
      observation.observerToken = shell.addObserver { [unowned self] event in self.observe(event) }
    } else if !needsEvents, let token = observation.observerToken {
      shell.removeObserver(token)
      observation.observerToken = nil
    }
    if !observation.hooks.shouldSelect.isEmpty, observation.shouldSelectToken == nil {
      observation.shouldSelectToken = shell.addShouldSelectHandler { [unowned self] request in
        self.shouldSelect(request)
      }
    }
  }

  /// An event: traced at once; the hooks on it are queued.
  func observe(_ event: ShellEvent) {
    if let line = observation.trace.line(for: event) { traceLine(line) }
    // Should-select hooks decide in the shell's should-select handler, not here.
    if event.name != .shouldSelect, let list = observation.hooks.byEvent[event.name] {
      let (tab, id) = concerned(by: event)
      var status: Int?
      if case .exited(_, _, let code) = event { status = code }
      for hook in list {
        observation.hooks.enqueue(.init(hook: hook, tab: tab, id: id, status: status))
      }
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
    let outer = observation.hooks.decision
    observation.hooks.decision = false
    defer { observation.hooks.decision = outer }
    for hook in observation.hooks.shouldSelect {
      decide(with: hook, tab: request.position, id: request.id)
      if observation.hooks.decision == true { return false }
    }
    return true
  }

  private func decide(with hook: Hook, tab: Int, id: String) {
    let saved = (observation.hooks.current, state.place)
    defer { (observation.hooks.current, state.place) = saved }
    observation.hooks.current = (String(tab), id, nil)
    state.place = Place(file: hook.file, location: hook.location)
    var later: [Command] = []
    for command in hook.commands where observation.hooks.failure == nil {
      do {
        try countHookCommand(at: hook.location)
        if effect(of: command) == .looks {
          try execute(command)
        } else {
          later.append(command)
        }
      } catch let error as HookRunaway {
        observation.hooks.failure = error
      } catch let error as Interrupted {
        observation.hooks.failure = error
      } catch {
        observation.hooks.failure = diagnostic(for: error, at: hook.location, file: hook.file)
      }
    }
    if !later.isEmpty {
      var deferred = hook
      deferred.commands = later
      observation.hooks.enqueue(.init(hook: deferred, tab: tab, id: id))
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
    guard !observation.hooks.isRunning else { return }
    observation.hooks.isRunning = true
    let outerPlace = state.place
    defer {
      observation.hooks.isRunning = false
      observation.hooks.reset()
      state.place = outerPlace
    }
    if let failure = observation.hooks.failure { throw failure }
    while let run = observation.hooks.next() {
      let saved = observation.hooks.current
      defer { observation.hooks.current = saved }
      observation.hooks.current = (
        run.tab.map(String.init) ?? "", run.id ?? "", run.status.map(String.init)
      )
      for command in run.hook.commands {
        if Self.isInterrupted { throw Interrupted() }
        state.place = Place(file: run.hook.file, location: run.hook.location)
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
        if let failure = observation.hooks.failure { throw failure }
      }
    }
  }
}
