extension ShellModel {
  /// A screen gives itself a title (``ScreenRequest/setTitle(_:)``): its record's title, and its
  /// tab's when it is the tab's focused pane, unless it keeps a given title
  /// (``ScreenRecord/keepsTitle``, ``Tab/keepsTitle``);
  /// no event. The title is kept as ``screenTitle(_:)`` makes it (control characters written out,
  /// at most ``screenTitleLimit`` characters), whoever set it.
  public mutating func setTitle(screen id: String, to title: String) -> Transition {
    guard retitles(screen: id, to: title), let slot = slot(ofID: id) else { return .none }
    let title = screenTitle(title)
    updateRecord(at: slot) { $0.title = title }
    if case .pane(let tab, let index) = slot, index == tabs[tab].focus, !tabs[tab].keepsTitle {
      updateTab(at: tab) { $0.item.title = title }
    }
    return .none
  }

  /// Whether ``setTitle(screen:to:)`` would change a title: not when the screen has that title
  /// already (as ``screenTitle(_:)`` makes it), keeps a given one, or does not exist.
  public func retitles(screen id: String, to title: String) -> Bool {
    guard let slot = slot(ofID: id) else { return false }
    let record: ScreenRecord? =
      switch slot {
      case .modal: modal
      case .stack(let tab, let depth):
        depth == 0 ? tabs[tab].panes[tabs[tab].focus] : tabs[tab].pushed[depth - 1]
      case .pane(let tab, let index): tabs[tab].panes[index]
      }
    guard let record, !record.keepsTitle else { return false }
    return record.title != screenTitle(title)
  }

  /// Whether ``bell(screen:)`` (`bell`) or ``activity(screen:)`` would mark the tab holding the
  /// screen: not when the tab is selected or marked so already, nor for a screen in no tab.
  public func marksTab(holding id: String, bell: Bool) -> Bool {
    guard let index = tabIndex(holding: id), index != selectedIndex else { return false }
    return bell ? !tabs[index].item.hasBell : !tabs[index].item.hasActivity
  }

  /// A screen rang the bell: `bell`; its tab, unless selected, is marked until it is selected.
  /// A tab already marked for a bell rings no more (no event, no hooks) until it is selected: a
  /// program that rings in a loop in a tab out of sight is one `bell`, as its output is one
  /// `activity`.
  public mutating func bell(screen id: String) -> Transition {
    let index = tabIndex(holding: id)
    if let index {
      guard !tabs[index].item.hasBell else { return .none }
      mark(index) { $0.hasBell = true }
    }
    return Transition(events: [.bell(screen: id, tab: index.map { $0 + 1 })])
  }

  /// A screen that is not visible has new content: `activity`; its tab, unless selected, is
  /// marked until it is selected. A tab already marked for activity has none (no event, no hooks)
  /// until it is selected, as a bell: a screen that says it in a loop is one `activity`.
  public mutating func activity(screen id: String) -> Transition {
    let index = tabIndex(holding: id)
    if let index {
      guard !tabs[index].item.hasActivity else { return .none }
      mark(index) { $0.hasActivity = true }
    }
    return Transition(events: [.activity(screen: id, tab: index.map { $0 + 1 })])
  }

  /// What a screen runs ended with `status`: `exited`; nothing changes.
  public func exited(screen id: String, status: Int) -> Transition {
    Transition(
      events: [.exited(screen: id, tab: tabIndex(holding: id).map { $0 + 1 }, status: status)])
  }
}
