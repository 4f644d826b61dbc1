extension ShellModel {
  /// Every invariant of the model that does not hold, in words; empty when all is well.
  ///
  /// The selection is valid (a tab is selected exactly when there are tabs); every stack has a
  /// root; screen ids are unique; the id index and each tab's count of bar-hiding screens are true
  /// to the tabs; the previous tab exists; a swipe under way starts at the visible screen and goes
  /// toward the top of another tab.
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
}
