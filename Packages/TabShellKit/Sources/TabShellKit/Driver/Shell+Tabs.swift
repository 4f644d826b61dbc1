extension Shell {
  /// Adds a tab whose root is a new screen of `type`; returns the tab's id.
  ///
  /// The first tab added becomes the selection and appears at once. `position` (1-based) defaults
  /// to the end; adding a tab never moves the selection to another tab.
  @discardableResult
  public func addTab(
    type: String, id: String? = nil, title: String? = nil, icon: String? = nil,
    selectedIcon: String? = nil, at position: Int? = nil, parameters: [String: String] = [:]
  ) throws(ShellError) -> String {
    let screenType = try registry.screenType(named: type)
    try reading { model throws(ShellError) in try model.checkNewTab(at: position) }
    let root = try makeScreen(screenType, id: id, title: title, parameters: parameters)
    let item = BarItem(
      title: root.title, icon: icon ?? screenType.icon,
      selectedIcon: selectedIcon ?? icon ?? screenType.selectedIcon)
    try commit(model.addTab(root: root, item: item, at: position))
    return root.id
  }

  /// Closes a tab: its screens leave for good. Closing the selected tab selects its right-hand
  /// neighbour (else its left-hand one), preferring enabled tabs.
  public func closeTab(_ tab: TabReference) throws(ShellError) {
    try commit(model.closeTab(tab))
  }

  /// Moves a tab to a new position (1-based); the selection stays with its tab.
  public func moveTab(_ tab: TabReference, to position: Int) throws(ShellError) {
    try commit(model.moveTab(tab, to: position))
  }

  /// Renames a tab (its bar item and its root screen).
  public func renameTab(_ tab: TabReference, to title: String) throws(ShellError) {
    try commit(model.renameTab(tab, to: title))
  }

  /// Sets a tab's badge; `nil` clears it.
  public func setBadge(_ tab: TabReference, to value: String?) throws(ShellError) {
    try commit(model.setBadge(tab, to: value))
  }

  /// Enables or disables a tab. A disabled tab cannot be tapped and swipes pass over it; disabling
  /// the selected tab keeps it selected.
  public func setEnabled(_ tab: TabReference, _ enabled: Bool) throws(ShellError) {
    try commit(model.setEnabled(tab, enabled))
  }

  /// Hides or shows the bar (the ``Bar/isHidden`` flag).
  public func setBarHidden(_ hidden: Bool) throws(ShellError) {
    try commit(model.setBarHidden(hidden))
  }

  /// Shows the bar when it is hidden, else hides it.
  public func toggleBar() throws(ShellError) {
    try setBarHidden(!isBarHidden)
  }

  /// Changes how the bar lays out and colours its items.
  public func setAppearance(_ appearance: BarAppearance) {
    apply(model.setAppearance(appearance))
  }

  /// Sets the centre action button, which presents a screen of `type` when tapped.
  public func setActionButton(type: String, title: String? = nil, icon: String? = nil)
    throws(ShellError)
  {
    let screenType = try registry.screenType(named: type)
    apply(
      model.setActionButton(
        ActionButton(
          screenType: screenType.name, title: screenTitle(title ?? screenType.defaultTitle),
          icon: icon ?? screenType.icon)))
  }

  /// Removes the action button.
  public func removeActionButton() {
    apply(model.removeActionButton())
  }

  /// Taps the action button: `action-tapped`, then its screen is presented. It never becomes the
  /// selection. Returns the presented screen's id.
  @discardableResult
  public func tapActionButton() throws(ShellError) -> String {
    let (button, tapped) = try reading { model throws(ShellError) in try model.tapActionButton() }
    apply(tapped)
    let screen: ScreenRecord
    do throws(ShellError) {
      screen = try makePresented(
        type: button.screenType, id: nil, title: button.title, parameters: [:])
    } catch {
      try settle()
      throw error
    }
    try commit(model.present(screen))
    return screen.id
  }
}
