/// Why the shell refused a change of a tab's panes (``ShellError/pane(_:)``).
@_spi(Host)
@frozen
public enum PaneError: Equatable, Sendable, CustomStringConvertible {
  /// The screen is pushed or presented, not a pane of its tab.
  case notAPane(screen: String)
  /// The panes of the tab are covered: a screen is pushed over them.
  case covered(tab: String, by: String)
  /// The pane is too small to split that way: `size` cells, two panes and a border need `needed`.
  case tooSmall(screen: String, size: Int, needed: Int, axis: PaneLayout.Axis)
  /// A split's size leaves one of the two panes under the minimum.
  case badSize(screen: String, size: Int, left: Int, minimum: Int, axis: PaneLayout.Axis)
  /// The pane has no border on that side: it is at the tab's edge.
  case noBorder(screen: String, side: PaneLayout.Direction)
  /// No pane is beside the pane that way.
  case noPane(from: String, toward: PaneLayout.Direction)

  public var description: String {
    switch self {
    case .notAPane(let screen):
      "screen \(quoted(screen)) is not a pane (a screen pushed or presented covers a whole tab)"
    case .covered(let tab, let top):
      "the panes of tab \(quoted(tab)) are under screen \(quoted(top)); pop it first"
    case .tooSmall(let screen, let size, let needed, let axis):
      "pane \(quoted(screen)) is \(Self.cells(size, axis)) \(axis == .horizontal ? "wide" : "high"); "
        + "a split \(Self.way(axis)) needs at least \(needed) (two panes of "
        + "\(Self.cells(PaneLayout.minimum(along: axis), axis)) and a border)"
    case .badSize(let screen, let size, let left, let minimum, let axis):
      "a split of pane \(quoted(screen)) \(Self.way(axis)) into \(Self.cells(left, axis)) and "
        + "\(Self.cells(size, axis)) leaves a pane under the minimum of \(Self.cells(minimum, axis))"
    case .noBorder(let screen, let side):
      "pane \(quoted(screen)) has no border on its \(Self.side(side)) (it is at the tab's edge)"
    case .noPane(let screen, let direction):
      "no pane \(Self.toward(direction)) pane \(quoted(screen))"
    }
  }

  /// `3 columns`, `1 row`.
  static func cells(_ count: Int, _ axis: PaneLayout.Axis) -> String {
    let unit = axis == .horizontal ? "column" : "row"
    return "\(count) \(unit)\(count == 1 ? "" : "s")"
  }

  static func way(_ axis: PaneLayout.Axis) -> String {
    axis == .horizontal ? "side by side" : "one above the other"
  }

  static func side(_ direction: PaneLayout.Direction) -> String {
    switch direction {
    case .left: "left"
    case .right: "right"
    case .up: "top"
    case .down: "bottom"
    }
  }

  static func toward(_ direction: PaneLayout.Direction) -> String {
    switch direction {
    case .left: "left of"
    case .right: "right of"
    case .up: "above"
    case .down: "below"
    }
  }
}
