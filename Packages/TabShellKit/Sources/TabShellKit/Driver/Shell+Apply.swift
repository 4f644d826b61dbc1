extension Shell {
  /// Carries out a transition: the events of the change, the lifecycle callbacks, `deinit` of the
  /// screens that left, then the selection and bar events. The events wait for ``settle()``.
  func apply(_ transition: Transition) {
    let o = isObserved
    if o { events.append(contentsOf: transition.events) }
    switch transition.lifecycle {
    case .none:
      break
    case .change(let from, let to):
      let b = to.map(node)
      if let b {
        if !b.isLoaded { b.step(.load, observed: o, into: &events) }
        b.step(.willAppear, observed: o, into: &events)
      }
      if let from {
        let a = node(from)
        a.step(.willDisappear, observed: o, into: &events)
        a.step(.didDisappear, observed: o, into: &events)
      }
      b?.step(.didAppear, observed: o, into: &events)
    case .swipeBegan(let from, let toward):
      let b = node(toward)
      if !b.isLoaded { b.step(.load, observed: o, into: &events) }
      b.step(.willAppear, observed: o, into: &events)
      node(from).step(.willDisappear, observed: o, into: &events)
    case .swipeCommitted(let from, let to):
      node(from).step(.didDisappear, observed: o, into: &events)
      node(to).step(.didAppear, observed: o, into: &events)
    case .swipeCancelled(let from, let toward):
      let a = node(from)
      let b = node(toward)
      a.step(.willAppear, observed: o, into: &events)
      a.step(.didAppear, observed: o, into: &events)
      b.step(.willDisappear, observed: o, into: &events)
      b.step(.didDisappear, observed: o, into: &events)
    }
    for handle in transition.gone { retire(handle, observed: o) }
    if o {
      switch transition.selection {
      case .selected(let index): events.append(.didSelect(tab: index + 1, id: model.tabs[index].id))
      case .reselected(let index):
        events.append(.didReselect(tab: index + 1, id: model.tabs[index].id))
      case nil: break
      }
      if let hidden = transition.barHidden { events.append(hidden ? .barHidden : .barShown) }
    }
    if checksInvariants {
      // A check costs a walk over every screen: with many screens it runs every n/64-th
      // transaction, so that a debug build stays linear in a script's length.
      transactionsSinceCheck += 1
      if transactionsSinceCheck * Self.invariantCheckBatch >= nodes.count {
        transactionsSinceCheck = 0
        invariantCheckCount += 1
        checkInvariants()
      }
    }
  }

  /// A screen leaves for good: `deinit`, and its object, id and handlers are released.
  private func retire(_ handle: Int, observed: Bool) {
    let node = node(handle)
    node.step(.retire, observed: observed, into: &events)
    nodes[handle] = nil
    freeHandles.append(handle)
    registry.release(node.id)
    removeShouldSelectHandlers(ownedBy: node.id)
  }

  /// Records an event for the observers, when there are any.
  func record(_ event: @autoclosure () -> ShellEvent) {
    if isObserved { events.append(event()) }
  }

  /// Whether anything observes the events: when nothing does, events are not made.
  var isObserved: Bool { !observers.isEmpty }

  /// Ends an operation: delivers its events, then runs the screens' requests in order, each as a
  /// transaction of its own whose events are delivered before the next runs.
  ///
  /// A request made while another runs is one generation further down a chain; a chain longer than
  /// ``requestLimit`` (screens that keep setting each other off) is a runaway: the rest are dropped
  /// and the operation fails, naming the screen whose request went over. At most ``requestBound``
  /// requests run for one operation, however they came. While an interactive swipe is under way the
  /// requests wait for its end.
  ///
  /// Observers only look, so delivering events never changes the shell.
  public func settle() throws(ShellError) {
    deliver()
    guard model.swipe == nil else { return }
    var performed = 0
    defer { requestGeneration = 0 }
    while let (request, screen, generation) = requests.popFirst() {
      performed += 1
      // A chain too long, or too many requests in all (performed, or waiting).
      let tooMany = performed + requests.count > Self.requestBound
      if generation > Self.requestLimit || tooMany {
        requests.removeAll()
        throw .requestRunaway(
          screen: screen, limit: tooMany ? Self.requestBound : Self.requestLimit)
      }
      requestGeneration = generation
      perform(request, from: screen)
      deliver()
    }
  }

  /// Sends the recorded events to every observer, in order.
  func deliver() {
    guard !events.isEmpty else { return }
    var index = 0
    while index < events.count {
      let event = events[index]
      index += 1
      for observer in observers { observer.observe(event) }
    }
    events.removeAll(keepingCapacity: true)
  }

  /// Runs one operation's change and settles: applies the transition, then ``settle()``.
  func commit(_ transition: Transition) throws(ShellError) {
    apply(transition)
    try settle()
  }
}

/// The screens' requests, first in first out, in constant time per request, each with its
/// generation (1 for a request made during an operation, one more for a request made while another
/// ran).
struct RequestQueue {
  private var items: [(ScreenRequest, String, Int)] = []
  private var head = 0

  var isEmpty: Bool { head == items.count }

  /// The requests waiting.
  var count: Int { items.count - head }

  mutating func append(_ request: ScreenRequest, from screen: String, generation: Int) {
    items.append((request, screen, generation))
  }

  mutating func popFirst() -> (ScreenRequest, String, Int)? {
    guard head < items.count else { return nil }
    let first = items[head]
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 1_024, head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return first
  }

  mutating func removeAll() {
    items.removeAll()
    head = 0
  }
}
