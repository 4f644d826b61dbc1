extension ShellModel {
  /// Every invariant of the model that does not hold, in words; empty when all is well.
  ///
  /// The selection is valid (a tab is selected exactly when there are tabs); every stack has a
  /// root; screen ids are unique; the id indexes and each tab's count of bar-hiding screens are
  /// true to the tabs; the previous tab exists; a swipe under way starts at the visible screen and
  /// goes toward the top of another tab; the visible screen has appeared and every other screen is
  /// at rest (the two screens of a swipe under way are half-way).
  public func invariantViolations() -> [String] {
    var problems: [String] = []
    if tabs.isEmpty != (selectedIndex == nil) {
      problems.append("selection \(String(describing: selectedIndex)) with \(tabs.count) tabs")
    }
    if let selectedIndex, !tabs.indices.contains(selectedIndex) {
      problems.append("selection \(selectedIndex) out of range")
    }
    var seen: Set<String> = []
    for screen in allScreens where !seen.insert(screen.id).inserted {
      problems.append("id '\(screen.id)' is used twice")
    }
    for (position, tab) in tabs.enumerated() where index(ofID: tab.id) != position {
      problems.append("id index says '\(tab.id)' is at \(String(describing: index(ofID: tab.id)))")
    }
    if indexByIDCount != tabs.count {
      problems.append("id index has \(indexByIDCount) entries for \(tabs.count) tabs")
    }
    for tab in tabs {
      if tab.hidingCount != tab.stack.filter(\.hidesBar).count {
        problems.append("tab '\(tab.id)' counts \(tab.hidingCount) screens that hide the bar")
      }
    }
    var stacked: [String: String] = [:]
    for tab in tabs {
      for screen in tab.stack.dropFirst() { stacked[screen.id] = tab.id }
    }
    if stacked != tabOfScreenIndex {
      problems.append("the screen index has \(tabOfScreenIndex.count) entries for \(stacked.count)")
    }
    problems += phaseViolations()
    if let previousTabID, index(ofID: previousTabID) == nil {
      problems.append("previous tab '\(previousTabID)' does not exist")
    }
    if let swipe {
      if swipe.from != visibleHandle { problems.append("the swipe starts off the visible screen") }
      if !tabs.indices.contains(swipe.target) || tabs[swipe.target].topHandle != swipe.toward
        || swipe.target == selectedIndex
      {
        problems.append("the swipe goes toward screen \(swipe.toward), not another tab's top")
      }
    }
    return problems
  }

  /// The screens whose phase is not where the state puts them.
  private func phaseViolations() -> [String] {
    var problems: [String] = []
    let visible = visibleHandle
    for screen in allScreens {
      let phase = screen.phase
      if let swipe, screen.handle == swipe.from || screen.handle == swipe.toward {
        let expected: LifecyclePhase = screen.handle == swipe.from ? .disappearing : .appearing
        if phase != expected { problems.append("swiping '\(screen.id)' is \(phase)") }
      } else if screen.handle == visible {
        if phase != .appeared { problems.append("visible '\(screen.id)' is \(phase)") }
      } else if phase != .created && phase != .disappeared {
        problems.append("hidden '\(screen.id)' is \(phase)")
      }
    }
    return problems
  }
}
