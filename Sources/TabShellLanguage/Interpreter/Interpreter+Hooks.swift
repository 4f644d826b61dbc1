import TabShellKit

/// An `on EVENT COMMANDS` hook: its commands, parsed once, and where it was written.
struct Hook {
  var event: EventName
  var commands: [Command]
  var file: String?
  var location: SourceLocation
}

extension Interpreter {
  /// Adds a hook and makes sure the shell tells the interpreter about events.
  func addHook(_ hook: Hook) {
    if hook.event == .shouldSelect {
      shouldSelectHooks.append(hook)
    } else {
      hooks[hook.event, default: []].append(hook)
    }
    updateObservers()
  }

  /// Observes the shell only while something needs its events (a trace or a hook), so that a run
  /// without them does no event work at all.
  func updateObservers() {
    let needsEvents = trace != .off || !hooks.isEmpty
    if needsEvents, observerToken == nil {
      observerToken = shell.addObserver { [unowned self] event in self.observe(event) }
    } else if !needsEvents, let token = observerToken {
      shell.removeObserver(token)
      observerToken = nil
    }
    if !shouldSelectHooks.isEmpty, shouldSelectToken == nil {
      shouldSelectToken = shell.addShouldSelectHandler { [unowned self] request in
        self.shouldSelect(request)
      }
    }
  }

  func observe(_ event: ShellEvent) {
    switch trace {
    case .off: break
    case .readable: output(TraceFormat.readable(event))
    case .json: output(TraceFormat.json(event, buffer: &traceBuffer))
    }
    // should-select hooks run as the shell's should-select handler, which can veto; not here too.
    if event.name != .shouldSelect, let list = hooks[event.name] {
      for hook in list { runHook(hook, tab: event.tab, id: event.tabID ?? event.screen) }
    }
  }

  func shouldSelect(_ request: SelectionRequest) -> Bool {
    let (outerIn, outerDenied) = (inShouldSelectHook, denied)
    defer { (inShouldSelectHook, denied) = (outerIn, outerDenied) }
    inShouldSelectHook = true
    denied = false
    for hook in shouldSelectHooks {
      runHook(hook, tab: request.position, id: request.id)
      if denied { return false }
    }
    return true
  }

  /// Runs a hook's commands with `$tab` and `$id` filled in; a failure is kept for the command that
  /// set the hook off.
  func runHook(_ hook: Hook, tab: Int?, id: String?) {
    guard hookFailure == nil, hookExit == nil else { return }
    hookRuns += 1
    if hookRuns > Self.hookRunLimit || hookDepth >= Self.hookDepthLimit {
      let limit = hookRuns > Self.hookRunLimit ? Self.hookRunLimit : Self.hookDepthLimit
      hookFailure = Diagnostic(
        file: hook.file, location: hook.location, error: .hookRunaway(limit: limit))
      return
    }
    hookDepth += 1
    defer { hookDepth -= 1 }
    let tabText = tab.map(String.init) ?? ""
    let idText = id ?? ""
    for var command in hook.commands {
      if !command.deferredWords.isEmpty {
        command.deferredWords = command.deferredWords.map {
          $0.replacing("$tab", with: tabText).replacing("$id", with: idText)
        }
      }
      do {
        try execute(command)
      } catch let request as ExitRequest {
        hookExit = .some(request.status)
        return
      } catch is AlreadyReported {
        hookFailure =
          hookFailure
          ?? Diagnostic(file: hook.file, location: hook.location, error: .failed("hook failed"))
        return
      } catch {
        hookFailure = diagnostic(for: error, at: hook.location, file: hook.file)
        return
      }
    }
  }

  /// After a command that set hooks off: their failure (or exit) becomes the command's.
  func finishHooks() throws {
    hookRuns = 0
    if let exit = hookExit {
      hookExit = nil
      throw ExitRequest(status: exit)
    }
    if let failure = hookFailure {
      hookFailure = nil
      throw failure
    }
  }
}
