/// Where the user scrolled the bar's window with its "+N" markers: view state, not the shell's.
///
/// The shell knows nothing of it (two views of one shell may scroll differently); whoever shows
/// the bar keeps it from frame to frame — the interpreter, for scripts and the full-screen mode.
/// A scroll holds while the bar it was made for stays: when the selection moves or a tab comes or
/// goes, the window follows the selection again.
package struct BarScroll: Equatable, Sendable {
  /// Which entry a scrolled window grows from.
  package enum Anchor: Equatable, Sendable {
    /// A page to the right: from this entry rightwards.
    case from(Int)
    /// A page to the left: from this entry leftwards.
    case to(Int)
  }

  private var anchor: Anchor?
  /// The selected entry and the number of entries when it was scrolled.
  private var selection: Int?
  private var count = 0

  /// A bar that follows its selection.
  package init() {}

  /// Whether the window follows the selection (never scrolled, or the bar changed since).
  package func isFollowingSelection(selected: Int?, count: Int) -> Bool {
    anchor(selected: selected, count: count) == nil
  }

  /// The anchor for a bar whose selected entry is `selected` among `count` entries; `nil` when the
  /// window follows the selection.
  func anchor(selected: Int?, count: Int) -> Anchor? {
    guard let anchor, selected == selection, count == self.count else { return nil }
    return anchor
  }

  /// Scrolls to a window anchored at `anchor`, for the bar it is now.
  mutating func scroll(to anchor: Anchor, selected: Int?, count: Int) {
    self.anchor = anchor
    selection = selected
    self.count = count
  }

  /// Follows the selection again.
  package mutating func reset() {
    self = BarScroll()
  }
}
