/// The outcome of a tap, a swipe or `last-tab`.
public enum SelectionOutcome: Equatable, Sendable {
  /// The tab became the selection.
  case selected
  /// The selected tab was tapped again; its stack went back to its root.
  case reselected
  /// A should-select handler vetoed it; nothing changed.
  case vetoed
  /// A swipe went past the first or last tab; nothing changed.
  case bounced
  /// A swipe the user abandoned half-way; the selection stayed.
  case cancelled
}

extension Shell {
  /// A user's tap on a tab, given as a position, an id or a title.
  ///
  /// Runs the should-select handlers (a veto changes nothing). Tapping the selected tab is a reselect:
  /// it pops that tab's stack to its root.
  @discardableResult
  public func tap(_ tab: String) throws(ShellError) -> SelectionOutcome {
    try userSelect(index: try selectableIndex(of: tab))
  }

  /// A user's tap on the tab at a position (1-based); see ``tap(_:)``.
  @discardableResult
  public func tap(position: Int) throws(ShellError) -> SelectionOutcome {
    if let modal { throw .modalPresented(id: modal.id) }
    guard tabRecords.indices.contains(position - 1) else {
      if tabRecords.isEmpty { throw .noTabs }
      throw .positionOutOfRange(position, count: tabRecords.count)
    }
    let index = position - 1
    guard tabRecords[index].item.isEnabled else { throw .tabDisabled(id: tabRecords[index].id) }
    return try userSelect(index: index)
  }

  /// A selection asked for by a screen or a plugin: runs no should-select handlers, and selecting the
  /// selected tab changes nothing.
  public func select(_ tab: String) throws(ShellError) {
    let index = try selectableIndex(of: tab)
    if index != selectedIndex { select(index: index) }
  }

  /// Back to the previously selected tab, as a tap on it.
  @discardableResult
  public func selectLastTab() throws(ShellError) -> SelectionOutcome {
    guard let id = previousSelectedID else { throw .noPreviousTab }
    return try tap(id)
  }

  /// A swipe: `left` to the next tab, `right` to the previous one, skipping disabled tabs.
  ///
  /// Past either end it bounces (`did-bounce`, nothing changes). It runs the should-select handlers
  /// like a tap. A cancelled swipe runs the lifecycle of a transition that is abandoned half-way
  /// (SPEC §5) and leaves the selection where it was.
  @discardableResult
  public func swipe(_ direction: SwipeDirection, cancelled: Bool = false) throws(ShellError)
    -> SelectionOutcome
  {
    if let modal { throw .modalPresented(id: modal.id) }
    guard let current = selectedIndex else { throw .noTabs }
    let step = direction == .left ? 1 : -1
    var target = current + step
    while tabRecords.indices.contains(target), !tabRecords[target].item.isEnabled { target += step }
    guard tabRecords.indices.contains(target) else {
      emit(.didBounce(direction: direction))
      flush()
      return .bounced
    }
    if cancelled {
      cancelledSwipe(to: target)
      return .cancelled
    }
    return try userSelect(index: target)
  }

  private func selectableIndex(of tab: String) throws(ShellError) -> Int {
    if let modal { throw .modalPresented(id: modal.id) }
    let index = try index(of: tab)
    guard tabRecords[index].item.isEnabled else { throw .tabDisabled(id: tabRecords[index].id) }
    return index
  }

  private func userSelect(index: Int) throws(ShellError) -> SelectionOutcome {
    let commitsBefore = commitCount
    let id = tabRecords[index].id
    guard shouldSelect(index: index) else { return .vetoed }
    var index = index
    if commitCount != commitsBefore {
      // The hooks changed something: find the tab again and check it once more.
      guard let found = self.index(ofID: id) else { throw .noSuchTab(id) }
      if let modal { throw .modalPresented(id: modal.id) }
      guard tabRecords[found].item.isEnabled else { throw .tabDisabled(id: id) }
      index = found
    }
    if index == selectedIndex {
      reselect(index: index)
      return .reselected
    }
    select(index: index)
    return .selected
  }

  func select(index: Int) {
    begin()
    if let old = selectedIndex { previousSelectedID = tabRecords[old].id }
    selectedIndex = index
    emitAfter(.didSelect(tab: index + 1, id: tabRecords[index].id))
    commit()
  }

  private func reselect(index: Int) {
    begin()
    if tabRecords[index].stack.count > 1 {
      leave(tabRecords[index].stack[1...].reversed())
      tabRecords[index].stack.removeSubrange(1...)
    }
    emitAfter(.didReselect(tab: index + 1, id: tabRecords[index].id))
    commit()
  }

  private func cancelledSwipe(to target: Int) {
    guard let a = visibleNode else { return }
    guard let b = tabRecords[target].stack.last else { return }
    begin()
    if !b.isLoaded { b.step(.load, in: self) }
    b.step(.willAppear, in: self)
    a.step(.willDisappear, in: self)
    a.step(.willAppear, in: self)
    a.step(.didAppear, in: self)
    b.step(.willDisappear, in: self)
    b.step(.didDisappear, in: self)
    commit()
  }
}
