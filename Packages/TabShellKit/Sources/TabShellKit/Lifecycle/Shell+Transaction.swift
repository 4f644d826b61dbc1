/// What a transaction remembers of the state before it. What it must do at its end waits in the
/// shell's ``Shell/leavingNodes`` and ``Shell/eventsAfter``, empty at rest, so that a transaction
/// that has none of it makes and frees no arrays.
struct OpenTransaction {
  let visibleBefore: ScreenNode?
  let barHiddenBefore: Bool
}

extension Shell {
  /// Starts a transaction. Everything that can refuse the change must be checked before this.
  func begin() {
    precondition(openTransaction == nil, "transactions do not nest")
    openTransaction = OpenTransaction(visibleBefore: visibleNode, barHiddenBefore: isBarHidden)
  }

  /// Marks screens as leaving for good; they get `deinit` after the lifecycle of the change.
  func leave(_ nodes: some Sequence<ScreenNode>) {
    if openTransaction != nil { leavingNodes.append(contentsOf: nodes) }
  }

  /// Queues an event that follows the lifecycle of the change.
  func emitAfter(_ event: @autoclosure () -> ShellEvent) {
    if !observers.isEmpty, openTransaction != nil { eventsAfter.append(event()) }
  }

  /// Ends a transaction: runs the lifecycle from the old visible screen to the new one, retires the
  /// screens that left, emits the events that follow, checks the invariants and delivers the events.
  func commit() {
    guard let barHiddenBefore = openTransaction?.barHiddenBefore else {
      preconditionFailure("commit without begin")
    }
    let visibleBefore = openTransaction?.visibleBefore
    let visibleAfter = visibleNode
    if visibleBefore !== visibleAfter {
      transition(from: visibleBefore, to: visibleAfter)
    }
    if !leavingNodes.isEmpty {
      let leaving = leavingNodes
      leavingNodes.removeAll()
      for node in leaving {
        node.step(.retire, in: self)
        liveIDs.remove(node.id)
        removeShouldSelectHandlers(ownedBy: node.id)
      }
    }
    if !eventsAfter.isEmpty {
      let after = eventsAfter
      eventsAfter.removeAll()
      for event in after { emit(event) }
    }
    let hidden = isBarHidden
    if hidden != barHiddenBefore { emit(hidden ? .barHidden : .barShown) }
    openTransaction = nil
    commitCount &+= 1
    if checksInvariants { checkInvariants() }
    flush()
  }

  /// The lifecycle of a change of the visible screen from `a` to `b` (SPEC §5).
  func transition(from a: ScreenNode?, to b: ScreenNode?) {
    if let b {
      if !b.isLoaded { b.step(.load, in: self) }
      b.step(.willAppear, in: self)
    }
    if let a {
      a.step(.willDisappear, in: self)
      a.step(.didDisappear, in: self)
    }
    b?.step(.didAppear, in: self)
  }

  /// Records an event for the observers, if there are any.
  func emit(_ event: ShellEvent) {
    if !observers.isEmpty { pendingEvents.append(event) }
  }

  /// Whether anything observes the events: when nothing does, hot paths skip making them.
  var isObserved: Bool { !observers.isEmpty }

  /// Delivers pending events in order, then runs the screens' pending requests, until none are left.
  ///
  /// Observers may start new changes; their events join the end of the queue, so every observer sees
  /// every event in the order it happened.
  func flush() {
    guard !isFlushing, openTransaction == nil else { return }
    if pendingEvents.isEmpty, pendingRequests.isEmpty { return }
    isFlushing = true
    defer { isFlushing = false }
    var next = 0
    while true {
      if next < pendingEvents.count {
        let event = pendingEvents[next]
        next += 1
        for observer in observers { observer.observe(event) }
      } else if !pendingRequests.isEmpty {
        pendingEvents.removeAll(keepingCapacity: true)
        next = 0
        let (request, screen) = pendingRequests.removeFirst()
        perform(request, from: screen)
      } else {
        pendingEvents.removeAll(keepingCapacity: true)
        return
      }
    }
  }
}

// MARK: - Observers and should-select handlers

extension Shell {
  /// Adds an observer of every event; returns a token for ``removeObserver(_:)``.
  ///
  /// Observers run after the change that caused an event is complete, in the order they were added.
  @discardableResult
  public func addObserver(_ observe: @escaping (ShellEvent) -> Void) -> Int {
    nextToken += 1
    observers.append((nextToken, observe))
    return nextToken
  }

  /// Removes an observer.
  public func removeObserver(_ token: Int) {
    observers.removeAll { $0.token == token }
  }

  /// Adds a should-select handler: a user's tap or swipe selects a tab only when every handler
  /// returns `true`. A programmatic selection runs none.
  @discardableResult
  public func addShouldSelectHandler(_ decide: @escaping (SelectionRequest) -> Bool) -> Int {
    addShouldSelectHandler(owner: nil, decide)
  }

  /// Removes a should-select handler.
  public func removeShouldSelectHandler(_ token: Int) {
    shouldSelectHandlers.removeAll { $0.token == token }
  }

  func addShouldSelectHandler(owner: String?, _ decide: @escaping (SelectionRequest) -> Bool) -> Int
  {
    nextToken += 1
    shouldSelectHandlers.append((nextToken, owner, decide))
    return nextToken
  }

  func removeShouldSelectHandlers(ownedBy owner: String) {
    if shouldSelectHandlers.isEmpty { return }
    shouldSelectHandlers.removeAll { $0.owner == owner }
  }

  /// Emits `should-select` and asks every handler; `false` when one vetoes.
  func shouldSelect(index: Int) -> Bool {
    if isObserved { emit(.shouldSelect(tab: index + 1, id: tabRecords[index].id)) }
    if !pendingEvents.isEmpty || !pendingRequests.isEmpty { flush() }
    if shouldSelectHandlers.isEmpty { return true }
    let request = SelectionRequest(
      position: index + 1, id: tabRecords[index].id, title: tabRecords[index].item.title)
    for handler in shouldSelectHandlers where !handler.decide(request) { return false }
    return true
  }
}
