extension Shell {
  /// The one entry point: carries out an action as one operation (docs/Contract.md,
  /// "Lifecycle"): the model checks it (a refusal throws ``ShellError`` with nothing changed) and
  /// changes, the shell runs the lifecycle and delivers the events, then the screens' requests
  /// made meanwhile run. Commands, gestures, keys, layouts and screens' requests all come here.
  ///
  /// A screen's request (``ShellAction/request(_:from:)``) sent here runs at once, as a change of
  /// its own; its refusal is a `request-failed` event and the outcome
  /// ``ActionOutcome/requestFailed(_:)``, not an error. A request of a screen that has left is
  /// dropped (``ActionOutcome/done``).
  @discardableResult
  public func send(_ action: consuming ShellAction) throws(ShellError) -> ActionOutcome {
    switch consume action {
    case .tap(let tab): return .selection(try tap(tab))
    case .select(let tab): try select(tab)
    case .selectLastTab: return .selection(try selectLastTab())
    case .swipe(let direction, let cancelled):
      return .selection(try swipe(direction, cancelled: cancelled))
    case .beginSwipe(let direction): return .swipe(try beginSwipe(direction))
    case .endSwipe(let commit): return .selection(try endSwipe(commit: commit))
    case .addTab(let tab):
      let screen = tab.screen
      return .screen(
        try addTab(
          type: screen.type, id: screen.id, title: screen.title, icon: tab.icon,
          selectedIcon: tab.selectedIcon, at: tab.position, parameters: screen.parameters))
    case .closeTab(let tab): try closeTab(tab)
    case .moveTab(let tab, let position): try moveTab(tab, to: position)
    case .renameTab(let tab, let title): try renameTab(tab, to: title)
    case .setBadge(let tab, let value): try setBadge(tab, to: value)
    case .setEnabled(let tab, let enabled): try setEnabled(tab, enabled)
    case .setBarHidden(let hidden): try setBarHidden(hidden)
    case .toggleBar: try toggleBar()
    case .setAppearance(let appearance): setAppearance(appearance)
    case .setActionButton(let type, let title, let icon):
      try setActionButton(type: type, title: title, icon: icon)
    case .removeActionButton: removeActionButton()
    case .tapActionButton: return .screen(try tapActionButton())
    case .push(let screen):
      return .screen(
        try push(
          type: screen.type, id: screen.id, title: screen.title, hidesBar: screen.hidesBar,
          parameters: screen.parameters))
    case .pop: try pop()
    case .popToRoot: try popToRoot()
    case .present(let screen):
      return .screen(
        try present(
          type: screen.type, id: screen.id, title: screen.title, parameters: screen.parameters))
    case .dismiss: try dismiss()
    case .reset: try reset()
    case .applyLayout(let name): try apply(layout: name)
    case .request(let kind, let screen):
      let failure = perform(ScreenRequest(kind), from: screen)
      try settle()
      return failure.map(ActionOutcome.requestFailed) ?? .done
    case .input(let input, let screen): return .input(handled: try deliver(input, to: screen))
    case .split(let pane, let axis, let size, let screen):
      return .screen(try split(pane: pane, along: axis, size: size, screen: screen))
    case .closePane(let pane): try closePane(pane)
    case .selectPane(let pane, let direction):
      return .pane(found: try selectPane(pane, toward: direction))
    case .resizePane(let pane, let side, let cells): try resizePane(pane, toward: side, by: cells)
    case .moveBorder(let border, let tab, let change):
      return .moved(try moveBorder(border, ofTab: tab, by: change))
    case .zoom(let pane): try zoom(pane)
    case .arrangePanes(let pane, let arrangement): try arrangePanes(of: pane, arrangement)
    case .setArea(let area): try setArea(area)
    }
    return .done
  }
}
