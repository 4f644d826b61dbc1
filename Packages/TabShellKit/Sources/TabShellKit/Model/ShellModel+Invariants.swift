extension ShellModel {
  /// Every invariant of the model that does not hold, in words; empty when all is well.
  ///
  /// The selection is valid (a tab is selected exactly when there are tabs); every stack has a
  /// root; screen ids are unique; the id indexes and each tab's count of bar-hiding screens are
  /// true to the tabs; the previous tab exists; a swipe under way starts at the visible screen and
  /// goes toward the top of another tab; the visible screen has appeared and every other screen is
  /// at rest (the two screens of a swipe under way are half-way); each tab's panes tile its room
  /// (``paneViolations(_:)``).
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
      if tab.hidingCount != tab.screens.filter(\.hidesBar).count {
        problems.append("tab '\(tab.id)' counts \(tab.hidingCount) screens that hide the bar")
      }
    }
    var stacked: [String: String] = [:]
    for tab in tabs {
      for screen in tab.screens where screen.id != tab.id { stacked[screen.id] = tab.id }
    }
    if stacked != tabOfScreenIndex {
      problems.append("the screen index has \(tabOfScreenIndex.count) entries for \(stacked.count)")
    }
    for tab in tabs { problems += paneViolations(tab) }
    problems += phaseViolations()
    if let previousTabID, index(ofID: previousTabID) == nil {
      problems.append("previous tab '\(previousTabID)' does not exist")
    }
    if let swipe {
      if swipe.from != visibleHandle { problems.append("the swipe starts off the visible screen") }
      if !swipe.leaving.isEmpty, swipe.leaving != visibleHandles {
        problems.append("the swipe leaves \(swipe.leaving), not the visible screens")
      }
      if !swipe.coming.isEmpty, tabs.indices.contains(swipe.target),
        swipe.coming != tabs[swipe.target].shownHandles
      {
        problems.append("the swipe brings \(swipe.coming), not its tab's screens")
      }
      if !tabs.indices.contains(swipe.target) || tabs[swipe.target].topHandle != swipe.toward
        || swipe.target == selectedIndex
      {
        problems.append("the swipe goes toward screen \(swipe.toward), not another tab's top")
      }
    }
    return problems
  }

  /// What does not hold of a tab's panes: its layout places exactly its panes, in their order,
  /// and tiles its room (a split has two cells or more, each running the other way, their sizes
  /// and borders adding up to its own; several panes each at least the minimum); the room is the
  /// area, or the least the panes need when the area is smaller; the focus is a pane; a zoomed tab
  /// has more than one; the focus history holds each pane once at most.
  func paneViolations(_ tab: Tab) -> [String] {
    var problems: [String] = []
    let name = "tab '\(tab.id)'"
    if tab.layout.panes != tab.panes.map(\.handle) {
      problems.append("\(name)'s layout places \(tab.layout.panes), not its panes")
    }
    if !tab.panes.indices.contains(tab.focus) {
      problems.append("\(name)'s focus is off its panes")
    }
    if tab.isZoomed, tab.panes.count < 2 { problems.append("\(name) is zoomed with one pane") }
    if Set(tab.focusHistory).count != tab.focusHistory.count
      || !tab.focusHistory.allSatisfy({ tab.paneIndex(ofHandle: $0) != nil })
    {
      problems.append("\(name)'s focus history \(tab.focusHistory) is not of its panes")
    }
    let layout = tab.layout
    let root = layout.root
    if tab.panes.count == 1 {
      if root.width != max(1, area.width) || root.height != max(1, area.height) {
        problems.append("\(name)'s pane is \(root.width)x\(root.height) in \(area)")
      }
      return problems
    }
    let expected = (
      max(area.width, layout.minimumSize(along: .horizontal)),
      max(area.height, layout.minimumSize(along: .vertical))
    )
    if (root.width, root.height) != expected {
      problems.append("\(name)'s panes span \(root.width)x\(root.height) in \(area)")
    }
    func check(_ cell: PaneLayout.Cell, parent: PaneLayout.Axis?) {
      if cell.pane != nil {
        if cell.width < PaneLayout.minimumWidth || cell.height < PaneLayout.minimumHeight {
          problems.append("\(name)'s pane \(cell.pane ?? 0) is \(cell.width)x\(cell.height)")
        }
        return
      }
      if cell.children.count < 2 { problems.append("\(name) has a split of one cell") }
      if cell.axis == parent { problems.append("\(name) has a split in a split of its axis") }
      let along = cell.children.reduce(cell.children.count - 1) { $0 + $1.size(along: cell.axis) }
      let across: PaneLayout.Axis = cell.axis == .horizontal ? .vertical : .horizontal
      if along != cell.size(along: cell.axis)
        || cell.children.contains(where: { $0.size(along: across) != cell.size(along: across) })
      {
        problems.append("\(name)'s split of \(cell.width)x\(cell.height) is not tiled exactly")
      }
      for child in cell.children { check(child, parent: cell.axis) }
    }
    check(root, parent: nil)
    return problems
  }

  /// The screens whose phase is not where the state puts them.
  private func phaseViolations() -> [String] {
    var problems: [String] = []
    let visible = Set(visibleHandles)
    let leaving = Set(swipe.map { $0.leaving.isEmpty ? [$0.from] : $0.leaving } ?? [])
    let coming = Set(swipe.map { $0.coming.isEmpty ? [$0.toward] : $0.coming } ?? [])
    for screen in allScreens {
      let phase = screen.phase
      if leaving.contains(screen.handle) || coming.contains(screen.handle) {
        let expected: LifecyclePhase =
          leaving.contains(screen.handle) ? .disappearing : .appearing
        if phase != expected { problems.append("swiping '\(screen.id)' is \(phase)") }
      } else if visible.contains(screen.handle) {
        if phase != .appeared { problems.append("visible '\(screen.id)' is \(phase)") }
      } else if phase != .created && phase != .disappeared {
        problems.append("hidden '\(screen.id)' is \(phase)")
      }
    }
    return problems
  }
}
