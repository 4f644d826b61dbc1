extension Shell {
  /// A screen's own fault (one of its callbacks or timers threw): it enters the error state,
  /// keeping its first failure, a `screen-failed` event is recorded, and every timer it holds
  /// stops (it may set new ones). The screen's lifecycle goes on.
  func fault(screen id: String, message: String) {
    cancelTimers(of: id)
    record(model.callbackFailed(screen: id, message: message))
  }

  /// Puts a screen into the error state from outside its callbacks, as a callback that throws
  /// does: the screen shows `message` instead of its content, and a `screen-failed` event is
  /// recorded. For a host whose screens fail outside a callback (a process plugin that stopped, or
  /// refused to draw). The screen's timers stop, as after any fault (it may set new ones). A
  /// screen that has failed already keeps its first failure, and no event is recorded; a screen
  /// that does not exist is ignored. Returns whether the screen was marked.
  ///
  /// An operation: call it outside other operations and callbacks.
  @discardableResult
  public func markFailed(screen id: String, message: String) throws(ShellError) -> Bool {
    guard let failed = model.markFailed(screen: id, message: message) else { return false }
    cancelTimers(of: id)
    record(failed)
    try settle()
    return true
  }

  /// Takes a screen out of the error state, for a host that replaced the code behind it (a
  /// process plugin started again). No event is recorded. Returns whether the screen had failed.
  @discardableResult
  public func clearFailure(screen id: String) -> Bool {
    model.clearFailure(screen: id)
  }

  /// Replaces a registered plugin with another (a rebuilt one): the old plugin's screen types and
  /// layouts are removed and the new one's registered, in the old one's place in ``plugins``. Refused,
  /// with nothing changed, when no plugin is called `name` or the new one cannot be registered (see
  /// ``register(_:source:reservedCommands:)``). Screens that exist keep their type's name; from
  /// then on their commands are those of the new plugin's type of that name, if any.
  public func replacePlugin(
    named name: String, with plugin: any TabShellPlugin, source: String,
    reservedCommands: Set<String> = []
  ) throws(ShellError) {
    try registry.replace(
      plugin: name, with: plugin, source: source, reservedCommands: reservedCommands)
  }
}
