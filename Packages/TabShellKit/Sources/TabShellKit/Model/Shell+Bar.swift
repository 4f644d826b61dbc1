extension Shell {
  /// Hides or shows the bar (the ``Bar/isHidden`` flag).
  public func setBarHidden(_ hidden: Bool) {
    guard bar.isHidden != hidden else { return }
    begin()
    bar.isHidden = hidden
    commit()
  }

  /// Shows the bar when it is hidden, else hides it.
  public func toggleBar() {
    setBarHidden(!isBarHidden)
  }

  /// Changes how the bar lays out and colours its items.
  public func setAppearance(_ appearance: BarAppearance) {
    begin()
    bar.appearance = appearance
    commit()
  }

  /// Sets the centre action button, which presents a screen of `type` when tapped.
  public func setActionButton(type: String, title: String? = nil, icon: String? = nil)
    throws(ShellError)
  {
    let screenType = try self.screenType(named: type)
    begin()
    bar.actionButton = ActionButton(
      screenType: screenType.name, title: title ?? screenType.defaultTitle,
      icon: icon ?? screenType.icon)
    commit()
  }

  /// Removes the action button.
  public func removeActionButton() {
    begin()
    bar.actionButton = nil
    commit()
  }

  /// Taps the action button: `action-tapped`, then its screen is presented. It never becomes the
  /// selection.
  @discardableResult
  public func tapActionButton() throws(ShellError) -> String {
    guard let button = bar.actionButton else { throw .noActionButton }
    if let modal { throw .modalPresented(id: modal.id) }
    emit(.actionTapped)
    return try present(type: button.screenType, title: button.title)
  }
}
