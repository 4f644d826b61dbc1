extension Shell {
  /// Pushes a new screen onto the selected tab's stack; returns its id.
  ///
  /// With `hidesBar`, the bar is hidden while that screen is on the stack.
  @discardableResult
  public func push(
    type: String, id: String? = nil, title: String? = nil, hidesBar: Bool = false,
    parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    let screen = try makePushed(
      type: type, id: id, title: title, hidesBar: hidesBar, parameters: parameters)
    try commit(model.push(screen))
    return screen.id
  }

  /// A new screen to push: the stack checked first, then its type, then the screen made. Every
  /// push (the shell's and a screen's request) goes through it.
  func makePushed(
    type: String, id: String?, title: String?, hidesBar: Bool, parameters: [String: String]
  ) throws(ShellError) -> ScreenRecord {
    _ = try reading { model throws(ShellError) in try model.stackIndex() }
    return try makeScreen(
      registry.screenType(named: type), id: id, title: title, hidesBar: hidesBar,
      parameters: parameters)
  }

  /// A new screen to present: whether one may be presented checked first, then its type, then
  /// the screen made. Every presentation (the shell's, the action button's, a screen's request)
  /// goes through it.
  func makePresented(type: String, id: String?, title: String?, parameters: [String: String])
    throws(ShellError) -> ScreenRecord
  {
    try reading { model throws(ShellError) in try model.checkPresent() }
    return try makeScreen(
      registry.screenType(named: type), id: id, title: title, parameters: parameters)
  }

  /// Pops the top screen of the selected tab's stack.
  public func pop() throws(ShellError) {
    try commit(model.pop())
  }

  /// Pops the selected tab's stack to its root; at the root it changes nothing.
  public func popToRoot() throws(ShellError) {
    try commit(model.popToRoot())
  }

  /// Presents a new screen modally over everything; returns its id.
  @discardableResult
  public func present(
    type: String, id: String? = nil, title: String? = nil, parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    let screen = try makePresented(type: type, id: id, title: title, parameters: parameters)
    try commit(model.present(screen))
    return screen.id
  }

  /// Dismisses the presented screen; it leaves for good.
  public func dismiss() throws(ShellError) {
    try commit(model.dismiss())
  }

  /// Closes every tab, the modal screen and the action button, and shows the bar with its default
  /// appearance: the state a layout starts from. Refused while a swipe is under way (its two
  /// screens are half-way through their lifecycle).
  public func reset() throws(ShellError) {
    try model.requireNoSwipe()
    try commit(model.reset())
  }
}
