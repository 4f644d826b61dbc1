extension ScreenContext {
  // The forms of `after` and `every` whose body cannot throw, as the core had them before a
  // timer's body could: plugins built then call these symbols, and a body that cannot throw
  // still picks them. They do what the forms whose body may throw do.

  /// Calls `body` once, after `delay`: ``after(_:_:)`` for a body that cannot throw.
  @_documentation(visibility: internal)
  @discardableResult
  public func after(_ delay: Duration, _ body: @escaping () -> Void) -> ScreenTimer {
    let body: () throws -> Void = body
    return after(delay, body)
  }

  /// Calls `body` every `interval`: ``every(_:_:)`` for a body that cannot throw.
  @_documentation(visibility: internal)
  @discardableResult
  public func every(_ interval: Duration, _ body: @escaping () -> Void) -> ScreenTimer {
    let body: () throws -> Void = body
    return every(interval, body)
  }
}
