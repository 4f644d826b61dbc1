extension ShellModel {
  /// Checks that a tab can be inserted at `position` (1-based; `nil` is the end).
  public func checkNewTab(at position: Int?) throws(ShellError) {
    try requireNoSwipe()
    if let position, !(1...tabs.count + 1).contains(position) {
      throw .positionOutOfRange(position, count: tabs.count + 1)
    }
  }

  /// Adds a tab whose root is `root`, a screen just made (`init`; checked with
  /// ``checkNewTab(at:)``). The first tab becomes the selection and appears; adding a tab never
  /// moves the selection to another tab.
  public mutating func addTab(root: ScreenRecord, item: BarItem, at position: Int?) -> Transition {
    let start = start
    let index = (position ?? tabs.count + 1) - 1
    insertTab(Tab(root: root, item: item, area: area), at: index)
    var selection: Transition.Selection?
    if let selected = selectedIndex {
      if index <= selected { setSelection(selected + 1) }
    } else {
      setSelection(index)
      selection = .selected(index)
    }
    return transition(
      from: start, events: [.`init`(screen: root.id), .tabAdded(tab: index + 1, id: root.id)],
      selection: selection)
  }

  /// Closes a tab; its screens leave for good. Closing the selected tab selects its right-hand
  /// neighbour, else its left-hand one, preferring enabled tabs.
  public mutating func closeTab(_ reference: TabReference) throws(ShellError) -> Transition {
    try requireNoSwipe()
    let index = try self.index(of: reference)
    let start = start
    let tab = removeTab(at: index)
    if previousTabID == tab.id { setPrevious(nil) }
    var selection: Transition.Selection?
    if let selected = selectedIndex {
      if selected == index {
        setSelection(neighbour(of: index))
        setPrevious(nil)
        if let new = selectedIndex { selection = .selected(new) }
      } else if index < selected {
        setSelection(selected - 1)
      }
    }
    return transition(
      from: start, events: [.tabClosed(tab: index + 1, id: tab.id)],
      gone: tab.screens.reversed().map(\.handle), selection: selection)
  }

  /// Moves a tab to a position (1-based); the selection stays with its tab.
  public mutating func moveTab(_ reference: TabReference, to position: Int) throws(ShellError)
    -> Transition
  {
    try requireNoSwipe()
    let index = try self.index(of: reference)
    guard position >= 1, position <= tabs.count else {
      throw .positionOutOfRange(position, count: tabs.count)
    }
    guard index != position - 1 else { return .none }
    let selectedID = selectedIndex.map { tabs[$0].id }
    let tab = removeTab(at: index)
    insertTab(tab, at: position - 1)
    if let selectedID { setSelection(self.index(ofID: selectedID)) }
    return Transition(events: [.tabMoved(from: index + 1, to: position, id: tab.id)])
  }

  /// Renames a tab: its bar item and its root screen (its focused pane), which keep this title
  /// from then on (``Tab/keepsTitle``, ``ScreenRecord/keepsTitle``), made safe as every title is
  /// (``screenTitle(_:)``).
  public mutating func renameTab(_ reference: TabReference, to title: String) throws(ShellError)
    -> Transition
  {
    let index = try self.index(of: reference)
    let title = screenTitle(title)
    updateTab(at: index) { tab in
      tab.item.title = title
      tab.keepsTitle = true
      tab.update(screenAt: 0) { screen in
        screen.title = title
        screen.keepsTitle = true
      }
    }
    return .none
  }

  /// Sets a tab's badge; `nil` clears it.
  public mutating func setBadge(_ reference: TabReference, to value: String?) throws(ShellError)
    -> Transition
  {
    setBadge(index: try self.index(of: reference), to: value)
  }

  /// Sets the badge of the tab at `index`.
  public mutating func setBadge(index: Int, to value: String?) -> Transition {
    guard tabs[index].item.badge != value else { return .none }
    updateTab(at: index) { $0.item.badge = value }
    return Transition(events: [.badgeChanged(tab: index + 1, id: tabs[index].id, value: value)])
  }

  /// Enables or disables a tab. A disabled tab cannot be tapped and swipes pass over it; disabling
  /// the selected tab keeps it selected.
  public mutating func setEnabled(_ reference: TabReference, _ enabled: Bool) throws(ShellError)
    -> Transition
  {
    let index = try self.index(of: reference)
    updateTab(at: index) { $0.item.isEnabled = enabled }
    return .none
  }

  /// Hides or shows the bar (its own flag).
  public mutating func setBarHidden(_ hidden: Bool) -> Transition {
    let start = start
    updateBar { $0.isHidden = hidden }
    return transition(from: start)
  }

  /// Sets whether a screen hides the bar while it is on the selected tab's stack.
  public mutating func setHidesBar(screen id: String, _ hides: Bool) -> Transition {
    let start = start
    if let slot = slot(ofID: id) { updateRecord(at: slot) { $0.hidesBar = hides } }
    return transition(from: start)
  }

  /// The index to select when the tab at `index` (already removed) was the selection.
  private func neighbour(of index: Int) -> Int? {
    if tabs.isEmpty { return nil }
    let right = tabs[index...].firstIndex { $0.item.isEnabled }
    let left = tabs[..<index].lastIndex { $0.item.isEnabled }
    return right ?? left ?? min(index, tabs.count - 1)
  }
}
