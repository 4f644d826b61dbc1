/// A tab's panes (docs/Contract.md, "Split screens"), each change one transaction as any other.
extension Shell {
  /// Splits a pane (`pane`, else the selected tab's focused one) along `axis`: a new screen of
  /// `screen`'s type takes `size` (default: half) after it and the focus; returns its id. The
  /// split and the size are checked before the screen is made, which starts at its pane's size
  /// (``sizeOfScreenBeingMade``).
  @discardableResult
  public func split(
    pane id: String? = nil, along axis: PaneLayout.Axis, size: PaneSize? = nil,
    screen: NewScreen
  ) throws(ShellError) -> String {
    let place = try reading { model throws(ShellError) in try model.pane(id) }
    let type = try registry.screenType(named: screen.type)
    let tab = model.tabs[place.tab]
    let handle = tab.panes[place.index].handle
    let frame = tab.layout.frame(of: handle)
    let whole = (axis == .horizontal ? frame?.width : frame?.height) ?? 0
    let cells = size.map { $0.cells(of: whole) }
    let new = try reading { model throws(ShellError) in
      try model.checkSplit(place, along: axis, size: cells)
    }
    sizeOfScreenBeingMade =
      axis == .horizontal
      ? ShellModel.PaneArea(width: new, height: frame?.height ?? 1)
      : ShellModel.PaneArea(width: frame?.width ?? 1, height: new)
    defer { sizeOfScreenBeingMade = nil }
    let record = try makeScreen(
      type, id: screen.id, title: screen.title, parameters: screen.parameters)
    try commit(model.split(place, along: axis, size: new, screen: record))
    return record.id
  }

  /// Closes a pane (`pane`, else the selected tab's focused one): its screen leaves for good; the
  /// tab's last pane closes the tab.
  public func closePane(_ id: String? = nil) throws(ShellError) {
    let place = try reading { model throws(ShellError) in try model.pane(id) }
    try commit(model.closePane(place))
  }

  /// Focuses a pane: `pane` itself, or with `direction` the pane beside it (or beside the
  /// selected tab's focused pane) that way. Returns whether there was one: `false`, changing
  /// nothing, at the tab's edge.
  @discardableResult
  public func selectPane(_ id: String? = nil, toward direction: PaneLayout.Direction? = nil)
    throws(ShellError) -> Bool
  {
    var place = try reading { model throws(ShellError) in try model.pane(id) }
    if let direction {
      guard let beside = model.pane(beside: place, direction) else { return false }
      place = beside
    }
    try commit(model.selectPane(place))
    return true
  }

  /// Moves the border on one side of a pane by `cells` that way (negative: the other way).
  public func resizePane(_ id: String? = nil, toward side: PaneLayout.Direction, by cells: Int)
    throws(ShellError)
  {
    let place = try reading { model throws(ShellError) in try model.pane(id) }
    try commit(model.resizePane(place, toward: side, by: cells))
  }

  /// Moves a border of the tab `tab` by `change` cells (a drag on it); how far it moved.
  @discardableResult
  public func moveBorder(_ border: PaneLayout.Border, ofTab tab: TabReference, by change: Int)
    throws(ShellError) -> Int
  {
    let index = try reading { model throws(ShellError) in try model.index(of: tab) }
    let before = model.tabs[index].layout
    try commit(model.moveBorder(border, ofTab: index, by: change))
    return before.moving(border, by: change).moved
  }

  /// Zooms a pane (it fills its tab alone), or unzooms its tab when it is zoomed.
  public func zoom(_ id: String? = nil) throws(ShellError) {
    let place = try reading { model throws(ShellError) in try model.pane(id) }
    try commit(model.zoom(place))
  }

  /// Arranges the panes of a pane's tab (the selected tab's by default) anew.
  public func arrangePanes(of id: String? = nil, _ arrangement: PaneLayout.Arrangement)
    throws(ShellError)
  {
    let place = try reading { model throws(ShellError) in try model.pane(id) }
    try commit(model.arrangePanes(ofTab: place.tab, arrangement))
  }

  /// The region the tabs' panes share is now `area` (see ``ShellModel/setArea(_:)``).
  public func setArea(_ area: ShellModel.PaneArea) throws(ShellError) {
    try commit(model.setArea(area))
  }
}

/// How large a new pane is along the axis of its split: cells, or a percentage of the pane split.
@_spi(Host)
@frozen
public enum PaneSize: Equatable, Sendable {
  /// This many columns (side by side) or rows (one above the other).
  case cells(Int)
  /// This percentage of the pane split.
  case percent(Int)

  /// The cells it comes to in a pane of `whole` cells.
  public func cells(of whole: Int) -> Int {
    switch self {
    case .cells(let count): count
    case .percent(let percent): whole * percent / 100
    }
  }
}
