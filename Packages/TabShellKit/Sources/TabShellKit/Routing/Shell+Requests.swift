extension Shell {
  /// A request from a screen: queued while a transaction or a delivery is under way, else run now.
  func handle(_ request: ScreenRequest, from screen: String) {
    guard liveIDs.contains(screen) else { return }
    if openTransaction != nil || isFlushing || isMakingScreen {
      pendingRequests.append((request, screen))
    } else {
      perform(request, from: screen)
    }
  }

  /// Runs a screen's request as its own transaction; a refusal becomes a `request-failed` event.
  func perform(_ request: ScreenRequest, from screen: String) {
    guard liveIDs.contains(screen) else { return }
    do throws(ShellError) {
      switch request {
      case .setBadge(let value):
        guard let index = tabIndex(holding: screen) else {
          throw .noSuchTab(screen)
        }
        setBadge(index: index, to: value)
      case .setBarHidden(let hidden):
        setBarHidden(hidden)
      case .setHidesBar(let hides):
        guard let node = node(id: screen), node.hidesBar != hides else { return }
        begin()
        node.hidesBar = hides
        commit()
      case .selectTab(let tab):
        try select(tab)
      case .push(let type, let title, let hidesBar):
        try push(type: type, title: title, hidesBar: hidesBar)
      case .present(let type):
        try present(type: type)
      case .dismiss:
        try dismiss()
      case .log(let message):
        emit(.screenLog(screen: screen, message: message))
        flush()
      }
    } catch {
      emit(.requestFailed(screen: screen, message: error.description))
      flush()
    }
  }
}

extension ScreenContext {
  /// Installs a should-select handler for as long as this screen lives: the delegate that a hand-made
  /// tab bar asks before it selects a tab. Return `false` to veto a user's tap or swipe.
  public func onShouldSelect(_ decide: @escaping (SelectionRequest) -> Bool) {
    guard let shell, shell.liveIDs.contains(screenID) else { return }
    _ = shell.addShouldSelectHandler(owner: screenID, decide)
  }
}
