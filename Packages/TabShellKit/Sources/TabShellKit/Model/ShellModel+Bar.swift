extension ShellModel {
  /// Changes how the bar lays out and colours its items.
  public mutating func setAppearance(_ appearance: BarAppearance) -> Transition {
    updateBar { $0.appearance = appearance }
    return .none
  }

  /// Sets the centre action button (its screen type checked by the caller).
  public mutating func setActionButton(_ button: ActionButton) -> Transition {
    updateBar { $0.actionButton = button }
    return .none
  }

  /// Removes the action button.
  public mutating func removeActionButton() -> Transition {
    updateBar { $0.actionButton = nil }
    return .none
  }

  /// A tap on the action button: `action-tapped`, which comes before its screen is made and
  /// presented (with ``present(_:)``). Refused without a button, or when a screen may not be
  /// presented. Returns the button and the transition.
  public func tapActionButton() throws(ShellError) -> (ActionButton, Transition) {
    guard let button = bar.actionButton else { throw .noActionButton }
    try checkPresent()
    return (button, Transition(events: [.actionTapped]))
  }
}
