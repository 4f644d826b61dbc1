import TabShellKit

/// A mouse report: what the mouse did, with which button, where, and the modifiers held.
///
/// Positions are 1-based, as terminals report them and as `hit COL ROW` takes them
/// (docs/Contract.md, "Gestures"): the top-left cell is column 1, row 1.
package struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  package var action: Action
  /// The button: the one pressed or released, the one held during a drag; ``Button/none`` for a
  /// motion without a button and for the wheel.
  package var button: Button
  /// The column, from 1.
  package var column: Int
  /// The row, from 1.
  package var row: Int
  /// Shift, Alt (Meta) and Ctrl as the terminal reports them (many terminals keep Shift for
  /// selection).
  package var modifiers: Key.Modifiers

  /// Makes a mouse event.
  package init(
    _ action: Action, button: Button = .none, column: Int, row: Int,
    modifiers: Key.Modifiers = []
  ) {
    self.action = action
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }

  /// What the mouse did.
  package enum Action: Hashable, Sendable {
    /// A button went down.
    case press
    /// A button came up (X10 reports do not say which: the button is then ``Button/none``).
    case release
    /// The pointer moved with a button held (reported with mode 1002 or 1003).
    case drag
    /// The pointer moved without a button (reported with mode 1003 only).
    case move
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// The wheel (or a touchpad) scrolled left.
    case wheelLeft
    /// The wheel (or a touchpad) scrolled right.
    case wheelRight
  }

  /// A mouse button.
  package enum Button: Hashable, Sendable {
    /// No button.
    case none
    /// The left (primary) button.
    case left
    /// The middle button.
    case middle
    /// The right button.
    case right
    /// An extra button, numbered as X does (8–11: back, forward, ...).
    case extra(Int)
  }
}
