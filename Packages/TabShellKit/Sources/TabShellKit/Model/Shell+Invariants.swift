extension Shell {
  /// Every invariant of the shell that does not hold, in words; empty when all is well.
  ///
  /// One visible screen, and it has appeared; every other screen at rest; ids unique; every tab's id
  /// is its root's; the selection valid; the id index and the live ids true to the tabs.
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    if openTransaction != nil { problems.append("a transaction is open") }
    if tabRecords.isEmpty != (selectedIndex == nil) {
      problems.append(
        "selection \(String(describing: selectedIndex)) with \(tabRecords.count) tabs")
    }
    if let selectedIndex, !tabRecords.indices.contains(selectedIndex) {
      problems.append("selection \(selectedIndex) out of range")
    }
    var seen: Set<String> = []
    var all: [ScreenNode] = []
    for (index, record) in tabRecords.enumerated() {
      if record.stack.isEmpty { problems.append("tab \(index + 1) has an empty stack") }
      all.append(contentsOf: record.stack)
      if let mapped = lazyIndexByID?[record.id], mapped != index {
        problems.append("id index says '\(record.id)' is at \(mapped + 1), not \(index + 1)")
      }
    }
    if let lazyIndexByID, lazyIndexByID.count != tabRecords.count {
      problems.append("id index has \(lazyIndexByID.count) entries for \(tabRecords.count) tabs")
    }
    if let modal { all.append(modal) }
    let visible = visibleNode
    for node in all {
      if !seen.insert(node.id).inserted { problems.append("id '\(node.id)' is used twice") }
      if node === visible {
        if node.phase != .appeared { problems.append("visible '\(node.id)' is \(node.phase)") }
      } else if node.phase != .created && node.phase != .disappeared {
        problems.append("hidden '\(node.id)' is \(node.phase)")
      }
    }
    if seen != liveIDs { problems.append("live ids \(liveIDs.sorted()) are not \(seen.sorted())") }
    if !liveIDs.isSubset(of: issuedIDs) { problems.append("a live id was never issued") }
    if let previousSelectedID, index(ofID: previousSelectedID) == nil {
      problems.append("previous tab '\(previousSelectedID)' does not exist")
    }
    return problems
  }

  /// Stops the program when an invariant does not hold: a bug in the host, never the user's doing.
  ///
  /// Runs after every transaction when ``checksInvariants`` is on (debug builds and tests).
  public func checkInvariants() {
    let problems = invariantViolations()
    precondition(
      problems.isEmpty, "TabShell invariants broken: " + problems.joined(separator: "; "))
  }
}
