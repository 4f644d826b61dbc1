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
  /// has not loaded yet, or whose type takes no input, is refused, named. What
  /// `send(.input(input, to: id))` does, without the action made first (a resilient enum, a heap
  /// box each key a terminal tab takes).
  public func deliver(_ input: ScreenInput, to id: String?) throws(ShellError) -> Bool {
    let screen: (id: String, takesInput: Bool, handle: Int, isLoaded: Bool)
    if let id {
      guard let record = model.screen(id: id) else { throw .noSuchScreen(id) }
      screen = (
        record.id, registry.types[record.type]?.type.takesInput == true, record.handle,
        record.isLoaded
      )
    } else {
      // The visible screen, as the shell keeps it, not its record copied: each key a terminal
      // tab's program is sent comes here.
      let facts = visibleFacts()
      guard let visible = facts.id, let handle = facts.handle else { throw .noTabs }
      screen = (visible, facts.type?.takesInput == true, handle, facts.isLoaded)
    }
    guard screen.takesInput else { throw .takesNoInput(screen: screen.id) }
    guard screen.isLoaded else { throw .notLoaded(screen: screen.id) }
    let handled = object(screen.handle).screen.handle(input)
    try settle()
    return handled
  }

}
