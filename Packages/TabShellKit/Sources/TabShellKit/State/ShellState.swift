/// The shell's state as `state --json` prints it (docs/Contract.md, "The state as JSON"): the
/// host prints its encoding, keys sorted.
///
/// Encodes `nil` as `null`, never by leaving the key out, but for a tab's marks: `bell` and
/// `activity` are there (`true`) only on a tab the bar marks.
@_spi(Host)
public struct ShellState: Codable, Equatable, Sendable {
  /// One tab.
  public struct Tab: Codable, Equatable, Sendable {
    /// 1-based, left to right.
    public var position: Int
    /// The tab's stable id.
    public var id: String
    /// Its title in the bar.
    public var title: String
    /// Its root screen's type.
    public var type: String
    /// Its bar icon.
    public var icon: String
    /// Its bar icon while selected.
    public var selectedIcon: String
    /// Its badge, `nil` for none.
    public var badge: String?
    /// Whether it can be selected.
    public var enabled: Bool
    /// Whether its root screen has loaded (it has been shown).
    public var loaded: Bool
    /// Screen ids, root first.
    public var stack: [String]
    /// `true` when the bar marks the tab for a bell (``BarItem/hasBell``); `nil`, left out,
    /// otherwise.
    public var bell: Bool?
    /// `true` when the bar marks the tab for activity (``BarItem/hasActivity``); `nil`, left out,
    /// otherwise.
    public var activity: Bool?
    /// Its panes' tree, when it has more than one pane; `nil`, left out, otherwise.
    public var panes: Pane? = nil
    /// The focused pane's id, when it has more than one pane.
    public var focus: String? = nil
    /// Whether the focused pane fills the tab alone, when it has more than one pane.
    public var zoomed: Bool? = nil

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(position, forKey: .position)
      try c.encode(id, forKey: .id)
      try c.encode(title, forKey: .title)
      try c.encode(type, forKey: .type)
      try c.encode(icon, forKey: .icon)
      try c.encode(selectedIcon, forKey: .selectedIcon)
      try c.encode(badge, forKey: .badge)
      try c.encode(enabled, forKey: .enabled)
      try c.encode(loaded, forKey: .loaded)
      try c.encode(stack, forKey: .stack)
      try c.encodeIfPresent(bell, forKey: .bell)
      try c.encodeIfPresent(activity, forKey: .activity)
      try c.encodeIfPresent(panes, forKey: .panes)
      try c.encodeIfPresent(focus, forKey: .focus)
      try c.encodeIfPresent(zoomed, forKey: .zoomed)
    }
  }

  /// A cell of a tab's panes: a pane (its screen's id, its place and size) or a split (its axis,
  /// its size and its cells, left to right or top to bottom).
  public struct Pane: Codable, Equatable, Sendable {
    /// The pane's screen id; `nil` for a split.
    public var pane: String?
    /// A split's axis, `horizontal` (side by side) or `vertical`; `nil` for a pane.
    public var split: String?
    /// The column of its left edge, from 0 at the tab's region's left.
    public var column: Int
    /// The row of its top edge, from 0 at the region's top.
    public var row: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// A split's cells; `nil` for a pane.
    public var cells: [Pane]?
  }

  /// The action button.
  public struct Action: Codable, Equatable, Sendable {
    /// The type of the screen it presents.
    public var type: String
    /// Its title.
    public var title: String
    /// Its icon.
    public var icon: String
  }

  /// The selected tab's position, or `nil` when there are no tabs.
  public var selected: Int?
  /// Whether the bar is hidden (by the flag or by a screen that hides it).
  public var barHidden: Bool
  /// The presented screen's id, or `nil`.
  public var modal: String?
  /// The visible screen's id, or `nil`.
  public var visible: String?
  /// The action button, or `nil`.
  public var action: Action?
  /// The tabs, left to right.
  public var tabs: [Tab]
  /// The screens in the error state (a callback threw, or the host marked them failed), by id:
  /// what each shows instead of its content. Empty when none has failed.
  public var failures: [String: String]

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(selected, forKey: .selected)
    try c.encode(barHidden, forKey: .barHidden)
    try c.encode(modal, forKey: .modal)
    try c.encode(visible, forKey: .visible)
    try c.encode(action, forKey: .action)
    try c.encode(tabs, forKey: .tabs)
    try c.encode(failures, forKey: .failures)
  }
}

@_spi(Host)
extension Shell {
  /// The state, as `state --json` prints it.
  public var state: ShellState {
    ShellState(
      selected: selectedPosition, barHidden: model.isBarHidden, modal: model.modal?.id,
      visible: model.visible?.id,
      action: model.bar.actionButton.map {
        .init(type: $0.screenType, title: $0.title, icon: $0.icon)
      },
      tabs: model.tabs.enumerated().map { index, tab in
        ShellState.Tab(
          position: index + 1, id: tab.id, title: tab.item.title, type: tab.stack[0].type,
          icon: tab.item.icon, selectedIcon: tab.item.selectedIcon, badge: tab.item.badge,
          enabled: tab.item.isEnabled, loaded: tab.stack[0].isLoaded,
          stack: tab.stack.map(\.id), bell: tab.item.hasBell ? true : nil,
          activity: tab.item.hasActivity ? true : nil,
          panes: tab.panes.count > 1 ? paneState(tab.layout.root, of: tab) : nil,
          focus: tab.panes.count > 1 ? tab.focused.id : nil,
          zoomed: tab.panes.count > 1 ? tab.isZoomed : nil)
      },
      failures: model.allScreens.reduce(into: [:]) { failures, screen in
        if let failure = screen.failure { failures[screen.id] = failure }
      })
  }
}

@_spi(Host)
extension Shell {
  /// A cell of a tab's layout as `state --json` shows it, its top-left at (`column`, `row`).
  func paneState(_ cell: PaneLayout.Cell, of tab: ShellModel.Tab, column: Int = 0, row: Int = 0)
    -> ShellState.Pane
  {
    if let handle = cell.pane {
      let id = tab.panes.first { $0.handle == handle }?.id ?? ""
      return ShellState.Pane(
        pane: id, split: nil, column: column, row: row, width: cell.width, height: cell.height,
        cells: nil)
    }
    var (x, y) = (column, row)
    var cells: [ShellState.Pane] = []
    for child in cell.children {
      cells.append(paneState(child, of: tab, column: x, row: y))
      if cell.axis == .horizontal { x += child.width + 1 } else { y += child.height + 1 }
    }
    return ShellState.Pane(
      pane: nil, split: cell.axis.rawValue, column: column, row: row, width: cell.width,
      height: cell.height, cells: cells)
  }
}
