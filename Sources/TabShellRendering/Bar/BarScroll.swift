/// Where the bar's window is when not around the selection: view state, not the shell's.
///
/// The shell knows nothing of it (two views of one shell may show different windows); whoever
/// shows the bar keeps it from frame to frame — the interpreter, for scripts and the full-screen
/// mode. Two kinds:
/// - a scroll (a click on a "+N" marker, ``TerminalLayout/scrolled(_:from:)``) holds while the
///   selection and the number of entries stay as they were, even with the selection out of view;
/// - a pinned window (``pin(first:selected:count:)``: the full-screen mode keeps the window it drew)
///   holds while the selection stays in it, so that a step to a neighbour moves the selection
///   and not the whole bar.
/// Otherwise the window is grown around the selection.
package struct BarScroll: Equatable, Sendable {
  /// Which entry a window grows from.
  package enum Anchor: Equatable, Sendable {
    /// A page to the right: from this entry rightwards.
    case from(Int)
    /// A page to the left: from this entry leftwards.
    case to(Int)
  }

  private var anchor: Anchor?
  /// The selected entry when it was scrolled (`nil` for a pinned window), and the entry count.
  private var selection: Int?
  private var count = 0
  private var isPinned = false

  /// A bar that follows its selection.
  package init() {}

  /// Written out, not synthesized: the full-screen mode compares bars' scrolls at each frame,
  /// and called a synthesized one through the protocol.
  package static func == (a: BarScroll, b: BarScroll) -> Bool {
    a.anchor == b.anchor && a.selection == b.selection && a.count == b.count
      && a.isPinned == b.isPinned
  }

  /// The anchor for a bar whose selected entry is `selected` among `count` entries, and whether
  /// the window must show the selection (a pinned one); `nil` when the window follows the
  /// selection.
  func anchor(selected: Int?, count: Int) -> (anchor: Anchor, showsSelection: Bool)? {
    guard let anchor, count == self.count else { return nil }
    if isPinned { return (anchor, true) }
    return selected == selection ? (anchor, false) : nil
  }

  /// Scrolls to a window anchored at `anchor`, for the bar it is now.
  mutating func scroll(to anchor: Anchor, selected: Int?, count: Int) {
    self = BarScroll()
    self.anchor = anchor
    selection = selected
    self.count = count
  }

  /// Keeps the window that starts at entry `first` while the selection stays in it, unless the
  /// bar is scrolled (then the scroll stays).
  package mutating func pin(first: Int, selected: Int?, count: Int) {
    if let (_, showsSelection) = anchor(selected: selected, count: count), !showsSelection {
      return
    }
    self = BarScroll()
    anchor = .from(first)
    self.count = count
    isPinned = true
  }

  /// Follows the selection again.
  package mutating func reset() {
    self = BarScroll()
  }
}
