extension Shell {
  /// Adds an observer of every event; returns a token for ``removeObserver(_:)``.
  ///
  /// Observers get the events of an operation in order once its change is complete, in the order
  /// they were added. They only look: an observer that wants a change queues it and makes it after
  /// the operation (as the host's hooks do).
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
  /// returns `true`. A programmatic selection runs none. Handlers only decide.
  @discardableResult
  public func addShouldSelectHandler(_ decide: @escaping (SelectionRequest) -> Bool) -> Int {
    addShouldSelectHandler(owner: nil, decide)
  }

  /// Removes a should-select handler.
  public func removeShouldSelectHandler(_ token: Int) {
    shouldSelectHandlers.removeAll { $0.token == token }
  }

  func addShouldSelectHandler(owner: String?, _ decide: @escaping (SelectionRequest) -> Bool)
    -> Int
  {
    nextToken += 1
    shouldSelectHandlers.append((nextToken, owner, decide))
    return nextToken
  }

  func removeShouldSelectHandlers(ownedBy owner: String) {
    if shouldSelectHandlers.isEmpty { return }
    shouldSelectHandlers.removeAll { $0.owner == owner }
  }
}
