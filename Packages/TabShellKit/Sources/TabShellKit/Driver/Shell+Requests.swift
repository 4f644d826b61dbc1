extension Shell {
  /// Queues a screen's request; it runs when the shell next settles (at the end of the operation
  /// under way, or of the screen command that made it).
  func enqueue(_ request: ScreenRequest, from screen: String) {
    // A redraw changes nothing in the model: it is a flag for the host, set at once for a screen
    // visible now (one that becomes visible by a request queued before is drawn for that
    // change), where queueing it looked the screen up twice (a terminal tab asks it each echo).
    if case .setNeedsDisplay = request.kind {
      if isVisible(screen) { needsDisplay = true }
      return
    }
    guard isLive(screen) else { return }
    requests.append(request, from: screen, generation: requestGeneration + 1)
  }

  /// Whether a visible screen asked to be drawn again (``ScreenRequest/setNeedsDisplay``) since the
  /// last call; the host draws it.
  public func takeNeedsDisplay() -> Bool {
    defer { needsDisplay = false }
    return needsDisplay
  }

  /// Whether a screen is one of the visible screens (the focused one, or another pane shown).
  public func isVisible(_ screen: String) -> Bool {
    if visibleFacts().id == screen { return true }
    guard model.showsSeveral, let record = model.screen(id: screen) else { return false }
    return model.visibleHandles.contains(record.handle)
  }

  /// Whether requests are waiting (made outside an operation, for the host to ``settle()``).
  public var hasPendingRequests: Bool { !requests.isEmpty }

  /// Runs a screen's request as its own transaction; a refusal becomes a `request-failed` event,
  /// and its message is returned. A request of a screen that has left is dropped.
  @discardableResult
  func perform(_ request: ScreenRequest, from screen: String) -> String? {
    guard isLive(screen) else { return nil }
    do throws(ShellError) {
      switch request.kind {
      case .setBadge(let value):
        guard let index = model.tabIndex(holding: screen) else { throw .noSuchTab(screen) }
        apply(model.setBadge(index: index, to: value))
      case .setBarHidden(let hidden):
        apply(model.setBarHidden(hidden))
      case .setHidesBar(let hides):
        apply(model.setHidesBar(screen: screen, hides))
      case .selectTab(let tab):
        apply(model.select(index: try model.selectableIndex(of: TabReference(tab))))
      case .push(let type, let title, let hidesBar):
        // A title a screen gives is made safe as its own is (``screenTitle(_:)``).
        let title = title.map(screenTitle)
        apply(
          try model.push(
            makePushed(type: type, id: nil, title: title, hidesBar: hidesBar, parameters: [:])))
      case .present(let type):
        apply(try model.present(makePresented(type: type, id: nil, title: nil, parameters: [:])))
      case .dismiss:
        apply(try model.dismiss())
      case .log(let message):
        record(model.log(screen: screen, message: message))
      case .setNeedsDisplay:
        if isVisible(screen) { needsDisplay = true }
      // A request that changes nothing in the model (the same title again, a title where one was
      // given, a bell in a tab marked for one already: a program ringing in a loop) is not counted
      // in ``changes``: a host would draw the whole page anew for it.
      case .setTitle(let title):
        if model.retitles(screen: screen, to: title) {
          apply(model.setTitle(screen: screen, to: title))
        }
      case .bell:
        clearsMarks = true
        if model.marksTab(holding: screen, bell: true) {
          apply(model.bell(screen: screen))
        } else {
          apply(try reading { $0.bell(screen: screen) })
        }
      case .activity:
        clearsMarks = true
        if model.marksTab(holding: screen, bell: false) {
          apply(model.activity(screen: screen))
        } else {
          apply(try reading { $0.activity(screen: screen) })
        }
      case .exited(let status):
        record(model.exited(screen: screen, status: status))
      }
    } catch {
      record(model.requestFailed(screen: screen, message: error.description))
      return error.description
    }
    return nil
  }
}

extension ScreenContext {
  /// Installs a should-select handler for as long as this screen lives: the delegate that a
  /// hand-made tab bar asks before it selects a tab. Return `false` to veto a user's tap or swipe.
  /// The handler only decides: requests it makes run after the selection.
  public func onShouldSelect(_ decide: @escaping (SelectionRequest) -> Bool) {
    guard let shell, shell.isLive(screenID) else { return }
    _ = shell.addShouldSelectHandler(owner: screenID, decide)
  }
}
