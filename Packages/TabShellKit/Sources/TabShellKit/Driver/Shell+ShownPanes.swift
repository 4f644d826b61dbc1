/// The panes a tab shows side by side, as the host draws and hit-tests them.
@_spi(Host)
public struct ShownPanes: Equatable, Sendable {
  /// One pane: its screen and its place in the tab's region.
  public struct Pane: Equatable, Sendable {
    /// Its screen.
    public var screen: ScreenInfo
    /// Its place, from the region's top-left.
    public var frame: PaneLayout.Frame
  }

  /// The tab's position (1-based).
  public var position: Int
  /// The tab's id.
  public var tab: String
  /// The layout.
  public var layout: PaneLayout
  /// The panes, in the layout's order.
  public var panes: [Pane]
  /// The focused pane's screen id.
  public var focused: String

  /// The pane whose screen is `id`.
  public func pane(_ id: String) -> Pane? { panes.first { $0.screen.id == id } }
}

extension Shell {
  /// The panes the tab at `position` shows side by side when it is visible: `nil` when it shows
  /// one screen (one pane, a zoomed one, or a screen pushed over them).
  public func shownPanes(ofTab position: Int) -> ShownPanes? {
    guard position >= 1, position <= model.tabs.count else { return nil }
    let tab = model.tabs[position - 1]
    guard tab.showsSeveral else { return nil }
    let frames = tab.layout.frames
    let panes = zip(tab.panes, frames).map { ShownPanes.Pane(screen: info($0), frame: $1) }
    return ShownPanes(
      position: position, tab: tab.id, layout: tab.layout, panes: panes, focused: tab.focused.id)
  }

  /// The panes the visible tab shows side by side (none while a screen is presented).
  public var visiblePanes: ShownPanes? {
    if let made = visiblePanesMade, made.changes == changes { return made.panes }
    let panes: ShownPanes? =
      if model.modal == nil, let position = selectedPosition { shownPanes(ofTab: position) } else {
        nil
      }
    visiblePanesMade = (changes, panes)
    return panes
  }

  /// The size of the region a screen shows in: its pane's (the whole tab's when zoomed) for a
  /// pane of a tab of several, else `nil` (the whole screen region).
  public func paneSize(ofScreen id: String) -> ShellModel.PaneArea? {
    guard let index = model.tabIndex(holding: id) else { return nil }
    let tab = model.tabs[index]
    guard tab.panes.count > 1, let pane = tab.panes.first(where: { $0.id == id }) else {
      return nil
    }
    return tab.paneSizes[pane.handle]
  }
}
