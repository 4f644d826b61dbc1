extension Shell {
  /// Every invariant of the shell that does not hold, in words; empty when all is well.
  ///
  /// The model's own (``ShellModel/invariantViolations()``, which include the screens' lifecycle
  /// phases); and the one thing the driver keeps beside it, the screen objects: every screen of the
  /// model has its object, no other object lives, and every screen's id was given out.
  public func invariantViolations() -> [String] {
    var problems = model.invariantViolations()
    var handles: Set<Int> = []
    for screen in model.allScreens {
      guard objects.indices.contains(screen.handle), let object = objects[screen.handle],
        object.id == screen.id
      else {
        problems.append("no screen object for '\(screen.id)'")
        continue
      }
      handles.insert(screen.handle)
      if !registry.wasIssued(screen.id) { problems.append("id '\(screen.id)' was never issued") }
    }
    let live = objects.indices.filter { objects[$0] != nil }
    if live.count != handles.count {
      problems.append("\(live.count - handles.count) screen objects belong to no screen")
    }
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
