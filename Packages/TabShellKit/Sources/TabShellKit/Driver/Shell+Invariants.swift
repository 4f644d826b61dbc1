extension Shell {
  /// Every invariant of the shell that does not hold, in words; empty when all is well.
  ///
  /// The model's own (``ShellModel/invariantViolations()``); every screen of the model has its
  /// object and no other object lives; the visible screen has appeared and every other screen is at
  /// rest (the two screens of a swipe under way are half-way); the live ids are the model's.
  public func invariantViolations() -> [String] {
    var problems = model.invariantViolations()
    let screens = model.allScreens
    var handles: Set<Int> = []
    for screen in screens {
      guard nodes.indices.contains(screen.handle), let node = nodes[screen.handle],
        node.id == screen.id
      else {
        problems.append("no screen object for '\(screen.id)'")
        continue
      }
      handles.insert(screen.handle)
      let phase = node.phase
      if let swipe = model.swipe, screen.handle == swipe.from || screen.handle == swipe.toward {
        let expected: LifecyclePhase = screen.handle == swipe.from ? .disappearing : .appearing
        if phase != expected { problems.append("swiping '\(screen.id)' is \(phase)") }
      } else if screen.handle == model.visibleHandle {
        if phase != .appeared { problems.append("visible '\(screen.id)' is \(phase)") }
      } else if phase != .created && phase != .disappeared {
        problems.append("hidden '\(screen.id)' is \(phase)")
      }
    }
    let objects = nodes.indices.filter { nodes[$0] != nil }
    if objects.count != handles.count {
      problems.append("\(objects.count - handles.count) screen objects belong to no screen")
    }
    problems += registry.invariantViolations(screens: Set(screens.map(\.id)))
    return problems
  }

  /// Stops the program when an invariant does not hold: a bug in the host, never the user's doing.
  ///
  /// Runs after transactions when ``checksInvariants`` is on (debug builds and tests).
  public func checkInvariants() {
    let problems = invariantViolations()
    precondition(
      problems.isEmpty, "TabShell invariants broken: " + problems.joined(separator: "; "))
  }
}
