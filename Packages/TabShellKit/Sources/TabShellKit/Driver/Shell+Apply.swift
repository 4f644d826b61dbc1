extension Shell {
  /// Carries out a transition: the events of the change, the lifecycle callbacks, `deinit` of the
  /// screens that left, the `resize` inputs of the panes shown at a new size and the events after
  /// them, then the selection and bar events. The model has moved the screens'
  /// phases already; the driver calls the callbacks and records their events, which wait for
  /// ``settle()``. A callback that throws is the model's ``ShellModel/callbackFailed(screen:message:)``.
  func apply(_ transition: Transition) {
    let o = isObserved
    if o { events.append(contentsOf: transition.events) }
    run(transition.lifecycle, observed: o)
    for handle in transition.gone { retire(handle, observed: o) }
    if !transition.resized.isEmpty { tell(transition.resized) }
    if o { events.append(contentsOf: transition.after) }
    finish(selection: transition.selection, barHidden: transition.barHidden, observed: o)
  }

  /// Tells the panes' screens shown at a new size, with a `resize` input, when their type takes
  /// input and they have loaded (one never shown starts at the size it is first drawn at).
  private func tell(_ resized: [Transition.Resize]) {
    for resize in resized {
      guard let object = objects[resize.handle],
        let record = model.screen(id: object.id), record.phase != .created,
        registry.types[record.type]?.type.takesInput == true
      else { continue }
      _ = object.screen.handle(.resize(width: resize.width, height: resize.height))
    }
  }

  /// Carries out a change that has no events and no departures of its own (a selection,
  /// ``ShellModel/userSelecting(index:)``), as ``apply(_:)`` would carry out its transition.
  func apply(_ change: ShellModel.Change, selection: Transition.Selection) {
    let o = isObserved
    run(change.lifecycle, observed: o)
    finish(selection: selection, barHidden: change.barHidden, observed: o)
  }

  /// Calls the lifecycle callbacks of a transition in the contract's order.
  @inline(__always)
  private func run(_ lifecycle: Transition.Lifecycle, observed o: Bool) {
    switch lifecycle {
    case .none:
      break
    case .change(let from, let to, let loads):
      // Each screen is looked up once for all its steps.
      let b = to.map(object)
      if let b {
        if loads { call(.load, on: b, observed: o) }
        call(.willAppear, on: b, observed: o)
      }
      if let from {
        let a = object(from)
        call(.willDisappear, on: a, observed: o)
        call(.didDisappear, on: a, observed: o)
      }
      if let b { call(.didAppear, on: b, observed: o) }
    case .swipeBegan(let from, let toward, let loads):
      let b = object(toward)
      if loads { call(.load, on: b, observed: o) }
      call(.willAppear, on: b, observed: o)
      call(.willDisappear, on: object(from), observed: o)
    case .swipeCommitted(let from, let to):
      call(.didDisappear, on: object(from), observed: o)
      call(.didAppear, on: object(to), observed: o)
    case .swipeCancelled(let from, let toward):
      let a = object(from)
      let b = object(toward)
      call(.willAppear, on: a, observed: o)
      call(.didAppear, on: a, observed: o)
      call(.willDisappear, on: b, observed: o)
      call(.didDisappear, on: b, observed: o)
    case .calls(let calls):
      for lifecycleCall in calls {
        call(lifecycleCall.step, on: object(lifecycleCall.handle), observed: o)
      }
    }
  }

  /// Ends a transition: the selection and bar events, then the invariants' check.
  @inline(__always)
  private func finish(selection: Transition.Selection?, barHidden: Bool?, observed o: Bool) {
    if o {
      switch selection {
      case .selected(let index):
        events.append(.didSelect(tab: index + 1, id: model.tabs[index].id))
        if clearsMarks { model.clearMarks(at: index) }
      case .reselected(let index):
        events.append(.didReselect(tab: index + 1, id: model.tabs[index].id))
      case nil: break
      }
      if let hidden = barHidden { events.append(hidden ? .barHidden : .barShown) }
    }
    if checksInvariants {
      // A check costs a walk over every screen: with many screens it runs every n/64-th
      // transaction, so that a debug build stays linear in a script's length.
      transactionsSinceCheck += 1
      if transactionsSinceCheck * Self.invariantCheckBatch >= objects.count {
        transactionsSinceCheck = 0
        invariantCheckCount += 1
        checkInvariants()
      }
    }
  }

  /// Calls a screen's callback for one lifecycle step and records its event; a throw is the
  /// model's to record.
  @inline(__always)
  private func call(_ step: LifecycleStep, on object: ScreenObject, observed: Bool) {
    if observed { events.append(step.event(screen: object.id)) }
    if let message = object.call(step) { fault(screen: object.id, message: message) }
  }

  /// A screen leaves for good: `deinit`, and its object, handlers and timers are released.
  private func retire(_ handle: Int, observed: Bool) {
    let object = object(handle)
    if observed { events.append(LifecycleStep.retire.event(screen: object.id)) }
    _ = object.call(.retire)
    objects[handle] = nil
    freeHandles.append(handle)
    removeShouldSelectHandlers(ownedBy: object.id)
    cancelTimers(of: object.id)
  }

  /// Records the events of a transition that changes nothing else (a bounce, a failure, a log
  /// line), for the observers when there are any.
  func record(_ transition: Transition) {
    assert(
      transition.lifecycle == .none && transition.gone.isEmpty && transition.selection == nil
        && transition.barHidden == nil, "a transition with more than events: apply it")
    if isObserved { events.append(contentsOf: transition.events) }
  }

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
    if events.isEmpty, requests.isEmpty {
      // Nothing to deliver, nothing waiting (most operations): what the rest would come to.
      if model.swipe == nil { requestGeneration = 0 }
      return
    }
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
