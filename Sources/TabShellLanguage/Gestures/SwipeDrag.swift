@_spi(Host) import TabShellKit

/// A drag in the screen area, as an interactive swipe that follows the pointer: a state machine
/// with no I/O. Its caller feeds it the pointer's columns and carries out what it returns on the
/// shell (``Interpreter/beginDrag(column:row:)`` and the calls after it).
///
/// The swipe starts at the first motion that moves the pointer sideways: dragging to the left
/// brings in the next tab (`swipe left`), to the right the previous one. From then on the pages
/// follow the pointer along that direction (never past where the drag started). Letting go past
/// half the width commits the swipe; before it, the swipe is cancelled. Vertical motion plays no
/// part.
package struct SwipeDrag: Equatable, Sendable {
  /// Where it stands.
  package enum Phase: Equatable, Sendable {
    /// Pressed, not moved sideways yet.
    case pressed
    /// Swiping that way; `bounced` when there was no tab that way (the pages only stretch).
    case swiping(SwipeDirection, bounced: Bool)
    /// The swipe could not begin (a modal screen is presented): the drag does nothing more.
    case refused
  }

  /// What the caller does on the shell.
  package enum Action: Equatable, Sendable {
    /// Start the interactive swipe (``Shell/beginSwipe(_:)``).
    case begin(SwipeDirection)
    /// End it (``Shell/endSwipe(commit:)``).
    case end(commit: Bool)
    /// It bounced when it began: nothing to end.
    case bounced(SwipeDirection)
  }

  /// The column where it was pressed (0-based).
  package let startColumn: Int
  /// The screen area's width: past half of it, a release commits.
  package let width: Int
  /// Where it stands.
  package private(set) var phase = Phase.pressed
  /// The pointer's column now (0-based).
  package private(set) var column: Int

  /// A drag pressed at `column` in a screen area `width` columns wide.
  package init(column: Int, width: Int) {
    startColumn = column
    self.column = column
    self.width = max(1, width)
  }

  /// The pointer moved to `column`; returns ``Action/begin(_:)`` at the first sideways motion.
  package mutating func move(to column: Int) -> Action? {
    self.column = column
    guard phase == .pressed, column != startColumn else { return nil }
    let direction: SwipeDirection = column < startColumn ? .left : .right
    phase = .swiping(direction, bounced: false)
    return .begin(direction)
  }

  /// The swipe it began bounced (there is no tab that way).
  package mutating func didBounce() {
    if case .swiping(let direction, _) = phase { phase = .swiping(direction, bounced: true) }
  }

  /// The swipe could not begin: the drag does nothing more.
  package mutating func didFail() {
    phase = .refused
  }

  /// Let go at `column`: how the swipe ends (nothing when it never started).
  package mutating func release(at column: Int) -> Action? {
    _ = move(to: column)
    switch phase {
    case .pressed, .refused: return nil
    case .swiping(let direction, true): return .bounced(direction)
    case .swiping: return .end(commit: 2 * progress > width)
    }
  }

  /// How far the pages have moved along the swipe's direction, in columns (never below 0).
  package var progress: Int {
    guard case .swiping(let direction, _) = phase else { return 0 }
    return max(0, direction == .left ? startColumn - column : column - startColumn)
  }

  /// Where the visible page's left edge is drawn now: follows the pointer, a third as far when it
  /// bounced (a rubber band), at most the width away.
  package var offset: Int {
    guard case .swiping(let direction, let bounced) = phase else { return 0 }
    let distance = min(width, bounced ? progress / 3 : progress)
    return direction == .left ? -distance : distance
  }
}
