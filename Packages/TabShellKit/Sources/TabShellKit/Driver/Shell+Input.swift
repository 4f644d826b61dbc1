extension Shell {
  /// Whether the screen of this id exists and its type takes input (``ScreenType/takesInput``).
  public func takesInput(screen id: String) -> Bool {
    guard let record = model.screen(id: id) else { return false }
    return registry.types[record.type]?.type.takesInput == true
  }

  /// Whether the visible screen takes input: the full-screen mode gives it the focus.
  public var visibleScreenTakesInput: Bool {
    visibleFacts().type?.takesInput == true
  }

  /// Hands an input to a screen (the visible one for `nil`) and returns whether it handled it; the
  /// requests it made meanwhile run after it, as after any change. A screen that does not exist,
  /// has not loaded yet, or whose type takes no input, is refused, named.
  func deliver(_ input: ScreenInput, to id: String?) throws(ShellError) -> Bool {
    let found: ScreenRecord? = if let id { model.screen(id: id) } else { model.visible }
    guard let record = found else { throw id.map { .noSuchScreen($0) } ?? .noTabs }
    guard registry.types[record.type]?.type.takesInput == true else {
      throw .takesNoInput(screen: record.id)
    }
    guard record.phase != .created else { throw .notLoaded(screen: record.id) }
    let handled = object(record.handle).screen.handle(input)
    try settle()
    return handled
  }
}
