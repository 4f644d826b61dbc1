/// A tab's panes (docs/Contract.md, "Split screens"): split, closed, focused, resized, zoomed and
/// arranged, each change a transition as every other: the screens that start or stop showing get
/// their lifecycle calls, the panes shown at a new size a `resize` input, and the events say what
/// happened.
extension ShellModel {
  /// Where a pane is: its tab's index, and its index among the tab's panes.
  @frozen
  public struct PanePlace: Equatable, Sendable {
    /// The tab's index.
    public var tab: Int
    /// The pane's index in ``Tab/panes``.
    public var index: Int

    /// Makes one.
    public init(tab: Int, index: Int) {
      self.tab = tab
      self.index = index
    }
  }

  /// The pane a pane command acts on: the pane whose screen is `id` (in any tab), else the
  /// selected tab's focused pane, which must show: no screen presented, none pushed over it.
  public func pane(_ id: String?) throws(ShellError) -> PanePlace {
    try requireNoSwipe()
    if let id {
      if modal?.id == id { throw .pane(.notAPane(screen: id)) }
      guard let tab = tabIndex(holding: id) else { throw .noSuchScreen(id) }
      guard let index = tabs[tab].paneIndex(ofID: id) else { throw .pane(.notAPane(screen: id)) }
      return PanePlace(tab: tab, index: index)
    }
    try requireNoModal()
    guard let selectedIndex else { throw .noTabs }
    let tab = tabs[selectedIndex]
    if let top = tab.pushed.last { throw .pane(.covered(tab: tab.id, by: top.id)) }
    return PanePlace(tab: selectedIndex, index: tab.focus)
  }

  /// The size a new pane gets when the pane at `place` is split along `axis` (`size` cells, or
  /// half), checked: both panes at least the minimum.
  public func checkSplit(_ place: PanePlace, along axis: PaneLayout.Axis, size: Int?)
    throws(ShellError) -> Int
  {
    let screen = tabs[place.tab].panes[place.index]
    do {
      return try tabs[place.tab].layout.newPaneSize(
        splitting: screen.handle, along: axis, size: size
      ).new
    } catch {
      switch error {
      case .tooSmall(let whole, let needed, let axis):
        throw .pane(.tooSmall(screen: screen.id, size: whole, needed: needed, axis: axis))
      case .badSize(let size, let left, let minimum, let axis):
        throw .pane(
          .badSize(screen: screen.id, size: size, left: left, minimum: minimum, axis: axis))
      }
    }
  }

  /// Splits the pane at `place` along `axis` (checked with ``checkSplit(_:along:size:)``): the
  /// new screen `screen` (just made: `init`) takes `size` cells after it and the focus. A zoomed
  /// tab is unzoomed first. The pane split stays shown, at its new size.
  public mutating func split(
    _ place: PanePlace, along axis: PaneLayout.Axis, size: Int, screen: ScreenRecord
  ) -> Transition {
    let start = start
    let sizes = tabs[place.tab].paneSizes
    let from = tabs[place.tab].panes[place.index]
    var events: [ShellEvent] = [.`init`(screen: screen.id)]
    events += unzoom(place.tab)
    let area = area
    updateTab(at: place.tab) { tab in
      let layout = tab.layout.splitting(from.handle, along: axis, new: screen.handle, size: size)
        .fit(width: area.width, height: area.height)
      tab.insertPane(screen, at: place.index + 1, layout: layout)
      tab.setFocus(place.index + 1)
    }
    indexScreen(screen.id, ofTab: place.tab)
    followFocusedTitle(place.tab)
    events.append(.paneSplit(screen: screen.id, from: from.id, tab: place.tab + 1))
    var transition = transition(from: start, events: events)
    transition.resized = resizes(ofTab: place.tab, from: sizes)
    transition.after = [.paneFocused(screen: screen.id, tab: place.tab + 1)]
    return transition
  }

  /// Closes the pane at `place`: its screen leaves for good, its room goes to the cell beside it
  /// (tmux's), and the focus, when it was there, to the pane focused before. The tab's last pane
  /// closes the tab.
  public mutating func closePane(_ place: PanePlace) -> Transition {
    let tab = tabs[place.tab]
    if tab.panes.count == 1 {
      // `close-tab` of a valid index cannot fail.
      return (try? closeTab(.position(place.tab + 1))) ?? .none
    }
    let start = start
    let sizes = tab.paneSizes
    let focused = tab.focused.handle
    var events = unzoom(place.tab)
    var closed: ScreenRecord?
    let area = area
    updateTab(at: place.tab) { tab in
      // A tree larger than the region (too small for the panes) shrinks to what is left.
      let layout = tab.layout.removing(tab.panes[place.index].handle)
        .fit(width: area.width, height: area.height)
      closed = tab.removePane(at: place.index, layout: layout)
    }
    guard let closed else { return .none }
    unindexScreen(closed.id)
    followFocusedTitle(place.tab)
    events.append(.paneClosed(screen: closed.id, tab: place.tab + 1))
    var transition = transition(from: start, events: events, gone: [closed.handle])
    transition.resized = resizes(ofTab: place.tab, from: sizes)
    let now = tabs[place.tab].focused
    if now.handle != focused {
      transition.after = [.paneFocused(screen: now.id, tab: place.tab + 1)]
    }
    return transition
  }

  /// The pane beside the one at `place` that way: among several, the one focused last (tmux's);
  /// `nil` at the tab's edge.
  public func pane(beside place: PanePlace, _ direction: PaneLayout.Direction) -> PanePlace? {
    let tab = tabs[place.tab]
    let handle = tab.panes[place.index].handle
    guard let next = tab.lastFocused(among: tab.layout.neighbours(of: handle, direction)),
      let index = tab.paneIndex(ofHandle: next)
    else { return nil }
    return PanePlace(tab: place.tab, index: index)
  }

  /// Focuses the pane at `place` (a zoomed tab is unzoomed when the focus moves): `pane-focused`.
  /// The tab's title follows its focused pane's unless it was given.
  public mutating func selectPane(_ place: PanePlace) -> Transition {
    guard tabs[place.tab].focus != place.index else { return .none }
    let start = start
    let sizes = tabs[place.tab].paneSizes
    let events = unzoom(place.tab)
    updateTab(at: place.tab) { $0.setFocus(place.index) }
    followFocusedTitle(place.tab)
    var transition = transition(from: start, events: events)
    transition.resized = resizes(ofTab: place.tab, from: sizes)
    let screen = tabs[place.tab].panes[place.index].id
    transition.after = [.paneFocused(screen: screen, tab: place.tab + 1)]
    return transition
  }

  /// Moves the border on one side of the pane at `place` by `cells` that way (a negative count
  /// the other way), as far as the panes beyond it can give: `layout-changed` when it moved.
  public mutating func resizePane(
    _ place: PanePlace, toward side: PaneLayout.Direction, by cells: Int
  ) throws(ShellError) -> Transition {
    let screen = tabs[place.tab].panes[place.index]
    guard let border = tabs[place.tab].layout.border(of: screen.handle, toward: side) else {
      throw .pane(.noBorder(screen: screen.id, side: side))
    }
    return moveBorder(border, ofTab: place.tab, by: side.isForward ? cells : -cells)
  }

  /// Moves a border of the tab at `index` by `change` cells (right or down when positive), as far
  /// as it goes (a zoomed tab is unzoomed first): `layout-changed` when anything moved.
  public mutating func moveBorder(_ border: PaneLayout.Border, ofTab index: Int, by change: Int)
    -> Transition
  {
    let start = start
    let sizes = tabs[index].paneSizes
    let (layout, moved) = tabs[index].layout.moving(border, by: change)
    guard moved != 0 || tabs[index].isZoomed else { return .none }
    var events = unzoom(index)
    updateTab(at: index) { $0.setLayout(layout) }
    if moved != 0 { events.append(.layoutChanged(tab: index + 1, id: tabs[index].id)) }
    var transition = transition(from: start, events: events)
    transition.resized = resizes(ofTab: index, from: sizes)
    return transition
  }

  /// Zooms the pane at `place` (it fills the tab alone and has the focus; the others stop
  /// showing), or, when the tab is zoomed, unzooms it. Nothing for a tab of one pane.
  public mutating func zoom(_ place: PanePlace) -> Transition {
    guard tabs[place.tab].panes.count > 1 else { return .none }
    let start = start
    let sizes = tabs[place.tab].paneSizes
    var events = unzoom(place.tab)
    var after: [ShellEvent] = []
    if events.isEmpty {
      if tabs[place.tab].focus != place.index {
        updateTab(at: place.tab) { $0.setFocus(place.index) }
        followFocusedTitle(place.tab)
        after.append(.paneFocused(screen: tabs[place.tab].focused.id, tab: place.tab + 1))
      }
      updateTab(at: place.tab) { $0.setZoomed(true) }
      events.append(.paneZoomed(screen: tabs[place.tab].focused.id, tab: place.tab + 1))
    }
    var transition = transition(from: start, events: events)
    transition.resized = resizes(ofTab: place.tab, from: sizes)
    transition.after = after
    return transition
  }

  /// Arranges the panes of the tab at `index` anew (a zoomed tab is unzoomed first):
  /// `layout-changed`.
  public mutating func arrangePanes(ofTab index: Int, _ arrangement: PaneLayout.Arrangement)
    -> Transition
  {
    guard tabs[index].panes.count > 1 else { return .none }
    let start = start
    let sizes = tabs[index].paneSizes
    var events = unzoom(index)
    let layout = tabs[index].layout.arranged(
      arrangement, width: area.width, height: area.height
    ).fit(width: area.width, height: area.height)
    updateTab(at: index) { $0.setLayout(layout) }
    events.append(.layoutChanged(tab: index + 1, id: tabs[index].id))
    var transition = transition(from: start, events: events)
    transition.resized = resizes(ofTab: index, from: sizes)
    return transition
  }

  /// The region the tabs' panes share is now `area` (the host's layout changed: the terminal's
  /// size, the bar shown or hidden): every tab's layout is fitted to it, and the panes of a tab of
  /// several shown at a new size get a `resize` input (a tab of one pane is sized by the host, as
  /// it always was). No event.
  public mutating func setArea(_ area: PaneArea) -> Transition {
    guard area != self.area else { return .none }
    setAreaValue(area)
    var resized: [Transition.Resize] = []
    for index in tabs.indices {
      let sizes = tabs[index].paneSizes
      let layout = tabs[index].layout.fit(width: area.width, height: area.height)
      guard layout != tabs[index].layout else { continue }
      updateTab(at: index) { $0.setLayout(layout) }
      // A tab of one pane is the host's to size, as it always was (the region is its size).
      if tabs[index].panes.count > 1 { resized += resizes(ofTab: index, from: sizes) }
    }
    var transition = Transition()
    transition.resized = resized
    return transition
  }

  /// Unzooms the tab at `index` when it is zoomed: `pane-unzoomed`; nothing otherwise.
  private mutating func unzoom(_ index: Int) -> [ShellEvent] {
    guard tabs[index].isZoomed else { return [] }
    updateTab(at: index) { $0.setZoomed(false) }
    return [.paneUnzoomed(screen: tabs[index].focused.id, tab: index + 1)]
  }

  /// The tab's title follows its focused pane's, unless it was given.
  private mutating func followFocusedTitle(_ index: Int) {
    guard !tabs[index].keepsTitle else { return }
    let title = tabs[index].focused.title
    if tabs[index].item.title != title { updateTab(at: index) { $0.item.title = title } }
  }

  /// The panes of the tab at `index` whose size differs from `sizes` (what they had before the
  /// change), in the panes' order; panes new to the tab are left out (they start at their size).
  func resizes(ofTab index: Int, from sizes: [Int: PaneArea]) -> [Transition.Resize] {
    let now = tabs[index].paneSizes
    return tabs[index].panes.compactMap { screen in
      guard let old = sizes[screen.handle], let new = now[screen.handle], old != new else {
        return nil
      }
      return Transition.Resize(handle: screen.handle, width: new.width, height: new.height)
    }
  }
}
