@_spi(Host) import TabShellKit

/// What is at a cell of the terminal, as `hit COL ROW` prints it and a click acts on it
/// (docs/Contract.md, "Gestures").
package enum HitTarget: Equatable, Sendable, CustomStringConvertible {
  /// A tab's item in the bar (any row of its slot): its position and id.
  case tab(position: Int, id: String)
  /// The action button: its slot in the bar, or its cap protruding above the bar.
  case action
  /// The "+N" marker of the tabs hidden on the left.
  case moreLeft
  /// The "+N" marker of the tabs hidden on the right.
  case moreRight
  /// The screen area, showing the visible screen with this id (a pane of the visible tab, under
  /// a cell of its frame).
  case screen(id: String)
  /// A border between the visible tab's panes: the right (or bottom) border of the pane `pane`.
  case border(PaneLayout.Border, tab: String, pane: String)
  /// Nothing: the screen area without tabs, the bar between slots, the command line.
  case none

  /// `tab ID`, `action`, `more left`, `more right`, `screen ID`, `border ID right` (or `bottom`)
  /// or `none`.
  package var description: String {
    switch self {
    case .tab(_, let id): "tab \(Renderer.neutralized(id))"
    case .action: "action"
    case .moreLeft: "more left"
    case .moreRight: "more right"
    case .screen(let id): "screen \(Renderer.neutralized(id))"
    case .border(let border, _, let pane):
      "border \(Renderer.neutralized(pane)) \(border.axis == .horizontal ? "right" : "bottom")"
    case .none: "none"
    }
  }
}
