extension ShellModel {
  /// A screen's callback threw: the screen keeps its first failure (and shows it instead of its
  /// content), and every throw is a `screen-failed` event, also from a screen that has just left.
  public mutating func callbackFailed(screen id: String, message: String) -> Transition {
    if let slot = slot(ofID: id) {
      updateRecord(at: slot) { screen in
        if screen.failure == nil { screen.failure = message }
      }
    }
    return Transition(events: [.screenFailed(screen: id, message: message)])
  }

  /// The host puts a screen into the error state from outside its callbacks (see
  /// ``Shell/markFailed(screen:message:)``): `screen-failed`; `nil`, with nothing changed, when
  /// the screen does not exist or has failed already.
  public mutating func markFailed(screen id: String, message: String) -> Transition? {
    guard let slot = slot(ofID: id) else { return nil }
    var marked = false
    updateRecord(at: slot) { screen in
      marked = screen.failure == nil
      if marked { screen.failure = message }
    }
    return marked ? Transition(events: [.screenFailed(screen: id, message: message)]) : nil
  }

  /// Takes a screen out of the error state (the code behind it was replaced); no event. Returns
  /// whether it had failed.
  public mutating func clearFailure(screen id: String) -> Bool {
    guard let slot = slot(ofID: id) else { return false }
    var cleared = false
    updateRecord(at: slot) { screen in
      cleared = screen.failure != nil
      screen.failure = nil
    }
    return cleared
  }

  /// A screen wrote a line (its request to log): the `log` event; nothing changes.
  public func log(screen id: String, message: String) -> Transition {
    Transition(events: [.screenLog(screen: id, message: message)])
  }

  /// A screen's request could not be carried out: the `request-failed` event; nothing changes.
  public func requestFailed(screen id: String, message: String) -> Transition {
    Transition(events: [.requestFailed(screen: id, message: message)])
  }
}
