extension ShellModel {
  /// The selected tab's index, when its stack may change: there are tabs and no screen is
  /// presented.
  public func stackIndex() throws(ShellError) -> Int {
    try requireNoSwipe()
    try requireNoModal()
    guard let selectedIndex else { throw .noTabs }
    return selectedIndex
  }

  /// Checks that a screen may be presented: none is.
  public func checkPresent() throws(ShellError) {
    try requireNoSwipe()
    try requireNoModal()
  }

  /// Pushes a screen just made (`init`) onto the selected tab's stack (checked with
  /// ``stackIndex()``).
  public mutating func push(_ screen: ScreenRecord) throws(ShellError) -> Transition {
    let index = try stackIndex()
    let start = start
    pushScreen(screen, onto: index)
    return transition(from: start, events: [.`init`(screen: screen.id)])
  }

  /// Pops the top screen of the selected tab's stack; it leaves for good.
  public mutating func pop() throws(ShellError) -> Transition {
    let index = try stackIndex()
    guard tabs[index].depth > 1 else { throw .atRoot(tab: tabs[index].id) }
    let start = start
    let gone = updatingPop(index: index, keeping: tabs[index].depth - 1)
    return transition(from: start, gone: gone)
  }

  /// Pops the selected tab's stack to its root; at the root it changes nothing.
  public mutating func popToRoot() throws(ShellError) -> Transition {
    let index = try stackIndex()
    guard tabs[index].depth > 1 else { return .none }
    let start = start
    let gone = updatingPop(index: index, keeping: 1)
    return transition(from: start, gone: gone)
  }

  /// Presents a screen just made (`init`) over everything (checked with ``checkPresent()``).
  public mutating func present(_ screen: ScreenRecord) throws(ShellError) -> Transition {
    try checkPresent()
    let start = start
    setModal(screen)
    return transition(from: start, events: [.`init`(screen: screen.id)])
  }

  /// Dismisses the presented screen; it leaves for good.
  public mutating func dismiss() throws(ShellError) -> Transition {
    try requireNoSwipe()
    guard let screen = modal else { throw .noModal }
    let start = start
    setModal(nil)
    return transition(from: start, gone: [screen.handle])
  }

  /// Closes every tab and the presented screen, removes the action button and shows the bar with
  /// its default appearance: the state a layout starts from. Not during a swipe (the driver refuses
  /// it then): a swipe's screens are half-way through their lifecycle.
  public mutating func reset() -> Transition {
    let start = start
    var gone: [Int] = []
    if let modal { gone.append(modal.handle) }
    setModal(nil)
    setSwipe(nil)
    let closed = removeAllTabs()
    var events: [ShellEvent] = []
    for index in closed.indices.reversed() {
      events.append(.tabClosed(tab: index + 1, id: closed[index].id))
      gone += closed[index].screens.reversed().map(\.handle)
    }
    setSelection(nil)
    setPrevious(nil)
    setBar(Bar())
    return transition(from: start, events: events, gone: gone)
  }
}
