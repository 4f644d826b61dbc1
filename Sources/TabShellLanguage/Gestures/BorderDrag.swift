@_spi(Host) import TabShellKit

/// A drag pressed on a border between the visible tab's panes: the border follows the pointer
/// along its axis, as far as the panes beside it can give (docs/Contract.md, "Split screens").
/// A state with no I/O: ``Interpreter/move(_:column:row:)`` carries each motion out.
package struct BorderDrag: Equatable, Sendable {
  /// The border dragged.
  package let border: PaneLayout.Border
  /// The id of its tab.
  package let tab: String
  /// The pane whose right (or bottom) border it is, for the `resize-pane` a recording keeps.
  package let pane: String
  /// Where the border is now: its column (side by side) or row, on the terminal.
  package var position: Int
  /// How far it moved since the press.
  package var moved = 0

  /// A drag of `border` (of tab `tab`, the right or bottom border of pane `pane`), now at
  /// `position`.
  package init(border: PaneLayout.Border, tab: String, pane: String, position: Int) {
    self.border = border
    self.tab = tab
    self.pane = pane
    self.position = position
  }
}
