/// The outcome of a tap, a swipe or `last-tab`.
@_spi(Host)
@frozen
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

extension ShellModel {
  /// The index of a tab a user may select: it exists and is enabled, and no screen is presented.
  @inline(__always)
  public func selectableIndex(of reference: TabReference) throws(ShellError) -> Int {
    try requireNoSwipe()
    try requireNoModal()
    let index = try self.index(of: reference)
    guard tabs[index].item.isEnabled else { throw .tabDisabled(id: tabs[index].id) }
    return index
  }

  /// The index of the previously selected tab, as `last-tab` taps it.
  public func lastTabIndex() throws(ShellError) -> Int {
    guard let id = previousTabID else { throw .noPreviousTab }
    return try selectableIndex(of: .name(id))
  }

  /// The tab a swipe lands on, passing over disabled tabs; `nil` past either end (a bounce).
  @inline(__always)
  public func swipeTarget(_ direction: SwipeDirection) throws(ShellError) -> Int? {
    try requireNoSwipe()
    try requireNoModal()
    guard let current = selectedIndex else { throw .noTabs }
    let step = direction == .left ? 1 : -1
    var target = current + step
    while tabs.indices.contains(target), !tabs[target].item.isEnabled { target += step }
    return tabs.indices.contains(target) ? target : nil
  }

  /// A swipe past either end (``swipeTarget(_:)`` found nothing): `did-bounce`; nothing changes.
  public func bounce(_ direction: SwipeDirection) -> Transition {
    Transition(events: [.didBounce(direction: direction)])
  }

  /// A user's tap or swipe asks for the tab at `index` (checked with ``selectableIndex(of:)``):
  /// `should-select`, before the handlers decide; nothing changes.
  public func shouldSelect(index: Int) -> Transition {
    Transition(events: [.shouldSelect(tab: index + 1, id: tabs[index].id)])
  }

  /// A user's selection of the tab at `index` (checked with ``selectableIndex(of:)``): selects it,
  /// or, when it is the selected tab, reselects it (its stack goes back to its root); the
  /// transition's ``Transition/selection`` says which.
  public mutating func userSelect(index: Int) -> Transition {
    if index == selectedIndex {
      let start = start
      let gone = tabs[index].depth > 1 ? updatingPop(index: index, keeping: 1) : []
      return transition(from: start, gone: gone, selection: .reselected(index))
    }
    return select(index: index)
  }

  /// ``userSelect(index:)`` when it leaves no screen for good (another tab, or the selected tab
  /// whose stack is its root alone): the change, without a transition (its selection is
  /// `.reselected(index)` when `index` was the selected tab, else `.selected(index)`); `nil`,
  /// changing nothing, when a reselect pops screens.
  mutating func userSelecting(index: Int) -> Change? {
    if index == selectedIndex {
      guard tabs[index].depth == 1 else { return nil }
      return change(from: start)
    }
    return selecting(index: index)
  }

  /// Selects the tab at `index` (a programmatic selection: the selected tab changes nothing).
  public mutating func select(index: Int) -> Transition {
    guard let change = selecting(index: index) else { return .none }
    return Transition(
      lifecycle: change.lifecycle, selection: .selected(index), barHidden: change.barHidden)
  }

  /// Selects the tab at `index`, as ``select(index:)`` does, and returns the change without a
  /// transition (its selection is `.selected(index)`); `nil` when it is the selected tab.
  mutating func selecting(index: Int) -> Change? {
    guard index != selectedIndex else { return nil }
    let start = start
    if let old = selectedIndex { setPrevious(tabs[old].id) }
    setSelection(index)
    return change(from: start)
  }

  /// Starts an interactive swipe toward the tab at `index` (from ``swipeTarget(_:)``): its top
  /// screen starts to appear and the visible one to disappear; the selection does not change yet.
  public mutating func beginSwipe(toward index: Int, direction: SwipeDirection) -> Transition {
    guard let from = visibleHandle, let selectedIndex else { return .none }
    let toward = tabs[index].topHandle
    var swipe = Swipe(from: from, toward: toward, target: index, direction: direction)
    if showsSeveral || tabs[index].showsSeveral {
      // A tab of panes on either side: every screen of each side takes the steps.
      swipe.leaving = visibleHandles
      swipe.coming = tabs[index].shownHandles
      setSwipe(swipe)
      var calls: [LifecycleCall] = []
      for handle in swipe.coming {
        step(handle, in: [index]) { screen in
          if screen.phase == .created {
            screen.take(.load)
            calls.append(LifecycleCall(.load, handle))
          }
          screen.take(.willAppear)
        }
        calls.append(LifecycleCall(.willAppear, handle))
      }
      for handle in swipe.leaving {
        step(handle, in: [selectedIndex]) { $0.take(.willDisappear) }
        calls.append(LifecycleCall(.willDisappear, handle))
      }
      return Transition(lifecycle: .calls(calls))
    }
    setSwipe(swipe)
    let loads = !tabs[index].top.isLoaded
    if loads {
      stepTop(of: index, .load, then: .willAppear)
    } else {
      stepTop(of: index, .willAppear)
    }
    stepTop(of: selectedIndex, .willDisappear)
    return Transition(lifecycle: .swipeBegan(from: from, toward: toward, loads: loads))
  }

  /// Ends the swipe under way: `commit` selects its tab, else the selection stays and both screens
  /// go back to where they were.
  public mutating func endSwipe(commit: Bool) -> Transition {
    guard let swipe, let selectedIndex else { return .none }
    setSwipe(nil)
    // A tab disabled while the drag went on is not selected: the page snaps back.
    let commits = commit && tabs[swipe.target].item.isEnabled
    if !swipe.leaving.isEmpty {
      return endSeveralSwipe(swipe, commits: commits, selectedIndex: selectedIndex)
    }
    if commits {
      stepTop(of: selectedIndex, .didDisappear)
      stepTop(of: swipe.target, .didAppear)
    } else {
      stepTop(of: selectedIndex, .willAppear, then: .didAppear)
      stepTop(of: swipe.target, .willDisappear, then: .didDisappear)
    }
    guard commits else {
      return Transition(lifecycle: .swipeCancelled(from: swipe.from, toward: swipe.toward))
    }
    // The selection moves without a lifecycle of its own: the swipe's halves are it.
    let start = start
    if let old = self.selectedIndex { setPrevious(tabs[old].id) }
    setSelection(swipe.target)
    let hidden = isBarHidden
    return Transition(
      lifecycle: .swipeCommitted(from: swipe.from, to: swipe.toward),
      selection: .selected(swipe.target),
      barHidden: hidden == start.barHidden ? nil : hidden)
  }

  /// Ends a swipe with a tab of panes on either side (``Swipe/leaving``): each screen of each side
  /// takes the steps a single screen would.
  private mutating func endSeveralSwipe(_ swipe: Swipe, commits: Bool, selectedIndex: Int)
    -> Transition
  {
    var calls: [LifecycleCall] = []
    func take(_ handles: [Int], tab: Int, _ steps: [LifecycleStep]) {
      for handle in handles {
        step(handle, in: [tab]) { screen in for step in steps { screen.take(step) } }
        calls += steps.map { LifecycleCall($0, handle) }
      }
    }
    guard commits else {
      take(swipe.leaving, tab: selectedIndex, [.willAppear, .didAppear])
      take(swipe.coming, tab: swipe.target, [.willDisappear, .didDisappear])
      return Transition(lifecycle: .calls(calls))
    }
    take(swipe.leaving, tab: selectedIndex, [.didDisappear])
    take(swipe.coming, tab: swipe.target, [.didAppear])
    let start = start
    if let old = self.selectedIndex { setPrevious(tabs[old].id) }
    setSelection(swipe.target)
    let hidden = isBarHidden
    return Transition(
      lifecycle: .calls(calls), selection: .selected(swipe.target),
      barHidden: hidden == start.barHidden ? nil : hidden)
  }

  /// Changes the record of the screen `handle`, looked for in the tabs `first` first.
  private mutating func step(
    _ handle: Int, in first: [Int], _ change: (inout ScreenRecord) -> Void
  ) {
    if let slot = slot(ofHandle: handle, lookingFirstIn: first) { updateRecord(at: slot, change) }
  }

  /// Takes one or two lifecycle steps on the top screen of the tab at `index`.
  private mutating func stepTop(
    of index: Int, _ step: LifecycleStep, then next: LifecycleStep? = nil
  ) {
    updateTab(at: index) { tab in
      tab.update(screenAt: tab.depth - 1) { screen in
        screen.take(step)
        if let next { screen.take(next) }
      }
    }
  }
}
