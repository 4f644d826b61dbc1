extension Shell {
  /// A user's tap on a tab, given as a position, an id or a title.
  ///
  /// Runs the should-select handlers (a veto changes nothing). Tapping the selected tab is a
  /// reselect: it pops that tab's stack to its root.
  @discardableResult
  public func tap(_ tab: TabReference) throws(ShellError) -> SelectionOutcome {
    try userSelect(
      index: reading { model throws(ShellError) in try model.selectableIndex(of: tab) })
  }

  /// A selection asked for by a screen or a plugin: runs no should-select handlers, and selecting
  /// the selected tab changes nothing.
  public func select(_ tab: TabReference) throws(ShellError) {
    let index = try reading { model throws(ShellError) in try model.selectableIndex(of: tab) }
    try commit(model.select(index: index))
  }

  /// Back to the previously selected tab, as a tap on it.
  @discardableResult
  public func selectLastTab() throws(ShellError) -> SelectionOutcome {
    try userSelect(index: reading { model throws(ShellError) in try model.lastTabIndex() })
  }

  /// A swipe: `left` to the next tab, `right` to the previous one, passing over disabled tabs.
  ///
  /// Past either end it bounces (`did-bounce`, nothing changes). It runs the should-select handlers
  /// like a tap. A cancelled swipe, abandoned half-way, runs the lifecycle of a transition that
  /// goes back (docs/Contract.md, "Lifecycle") and leaves the selection where it was; it selects
  /// nothing, so it asks no handler.
  @discardableResult
  public func swipe(_ direction: SwipeDirection, cancelled: Bool = false) throws(ShellError)
    -> SelectionOutcome
  {
    guard
      let target = try reading({ model throws(ShellError) in try model.swipeTarget(direction) })
    else {
      if isObserved { record(model.bounce(direction)) }
      try settle()
      return .bounced
    }
    if cancelled {
      apply(model.beginSwipe(toward: target, direction: direction))
      try commit(model.endSwipe(commit: false))
      return .cancelled
    }
    return try userSelect(index: target)
  }

  /// Starts an interactive swipe (a drag that the page follows): the page it goes toward starts to
  /// appear. `nil` when it bounces (`did-bounce`). End it with ``endSwipe(commit:)``.
  @discardableResult
  public func beginSwipe(_ direction: SwipeDirection) throws(ShellError) -> SwipeTarget? {
    guard
      let target = try reading({ model throws(ShellError) in try model.swipeTarget(direction) })
    else {
      if isObserved { record(model.bounce(direction)) }
      try settle()
      return nil
    }
    try commit(model.beginSwipe(toward: target, direction: direction))
    return SwipeTarget(position: target + 1, id: model.tabs[target].id)
  }

  /// Ends the interactive swipe under way. `commit` asks the should-select handlers, as a swipe
  /// does; when one vetoes, or without `commit`, the swipe is cancelled and the selection stays.
  @discardableResult
  public func endSwipe(commit: Bool) throws(ShellError) -> SelectionOutcome {
    guard let swipe = model.swipe else { return .cancelled }
    // A tab disabled while the drag went on is not asked for: the page snaps back.
    let selectable = model.tabs[swipe.target].item.isEnabled
    if commit, selectable, askShouldSelect(index: swipe.target) {
      try self.commit(model.endSwipe(commit: true))
      return .selected
    }
    try self.commit(model.endSwipe(commit: false))
    return commit && selectable ? .vetoed : .cancelled
  }

  private func userSelect(index: Int) throws(ShellError) -> SelectionOutcome {
    guard askShouldSelect(index: index) else {
      try settle()
      return .vetoed
    }
    // No screen leaves (another tab, or a reselect of a root): a change with no events or
    // departures of its own, applied as it is.
    // Read before the change: a tap on the selected tab is a reselect. The change comes back
    // alone (a tuple with the selection cost an outlined, generic destroy on every tap).
    let reselects = index == model.selectedIndex
    if let change = model.userSelecting(index: index) {
      apply(change, selection: reselects ? .reselected(index) : .selected(index))
      try settle()
      return reselects ? .reselected : .selected
    }
    let transition = model.userSelect(index: index)
    try commit(transition)
    if case .reselected = transition.selection { return .reselected }
    return .selected
  }

  /// Tells the observers that a tab is asked for (`should-select`), then asks every handler;
  /// `false` when one vetoes. Handlers only decide: the model is the same before and after.
  func askShouldSelect(index: Int) -> Bool {
    if isObserved {
      record(model.shouldSelect(index: index))
      deliver()
    }
    if shouldSelectHandlers.isEmpty { return true }
    let request = SelectionRequest(
      position: index + 1, id: model.tabs[index].id, title: model.tabs[index].item.title)
    for handler in shouldSelectHandlers where !handler.decide(request) { return false }
    return true
  }
}

/// The tab an interactive swipe goes toward.
@_spi(Host)
@frozen
public struct SwipeTarget: Equatable, Sendable {
  /// Its position, 1-based.
  public var position: Int
  /// Its id.
  public var id: String
}

/// A tab that a tap or swipe asks to select, as should-select handlers see it.
public struct SelectionRequest: Equatable, Sendable {
  /// Its position, 1-based.
  public var position: Int
  /// Its id.
  public var id: String
  /// Its title.
  public var title: String

  /// Makes a request.
  public init(position: Int, id: String, title: String) {
    self.position = position
    self.id = id
    self.title = title
  }
}
