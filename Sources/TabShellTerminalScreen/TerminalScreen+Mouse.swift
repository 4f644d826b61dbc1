@_spi(Host) import TabShellKit
import TabShellPlatform

/// Selecting with the mouse (docs/Contract.md, "Copy mode, buffers and the clipboard"): in a
/// terminal whose program did not ask for the mouse (or with Shift held when it did), a drag with
/// the left button selects from where it was pressed, a double click a word, a triple click a
/// line, in copy mode (the view frozen meanwhile); the release copies the selection into a new
/// paste buffer (``TerminalSessions/onCopy``) and leaves copy mode. A click alone selects nothing.
extension TerminalScreen {
  /// A press of the left button: where, and how many clicks in a row it makes.
  struct MousePress {
    var row: Int
    var column: Int
    var clicks: Int
    var time: UInt64
    /// Whether it selects (a drag from it, or a double or triple click).
    var selects = false
    /// Whether the button was released.
    var isReleased = false
  }

  /// The longest time between two clicks of a double or triple click: 500 ms.
  static let clickInterval: UInt64 = 500_000_000

  /// Whether a mouse event is the selection's: the program did not ask for the mouse, or Shift
  /// is held, or it ended.
  func selects(with mouse: MouseInput) -> Bool {
    !session.emulator.mouseReporting || mouse.modifiers.contains(.shift) || session.ending != nil
  }

  /// Handles a mouse event of a selection; `nil` when it is not one (the wheel, another button, a
  /// drag or release with no press of the left button before it).
  func select(with mouse: MouseInput) -> Bool? {
    switch mouse.action {
    case .press where mouse.button == 1 && selects(with: mouse):
      let now = MonotonicClock.now()
      var clicks = 1
      if let last = lastPress, now - last.time < Self.clickInterval, last.row == mouse.row,
        last.column == mouse.column
      {
        clicks = last.clicks % 3 + 1
      }
      var press = MousePress(row: mouse.row, column: mouse.column, clicks: clicks, time: now)
      if clicks > 1 {
        press.selects = true
        _ = changeCopy(entering: true) { mode, emulator in
          let place = Self.place(of: mouse, in: mode)
          if clicks == 2 {
            mode.selectWord(at: place, in: emulator)
          } else {
            mode.cursor = place
            mode.selectLine()
          }
        }
      }
      lastPress = press
      return true
    case .drag:
      guard var press = lastPress, !press.isReleased else { return nil }
      if !press.selects {
        press.selects = true
        _ = changeCopy(entering: true) { mode, _ in
          let start = MouseInput(.press, column: press.column, row: press.row)
          mode.cursor = Self.place(of: start, in: mode)
          mode.beginSelection()
        }
      }
      lastPress = press
      _ = changeCopy { mode, _ in
        mode.cursor = Self.place(of: mouse, in: mode)
        mode.wantedColumn = mode.cursor.column
      }
      return true
    case .release:
      guard var press = lastPress, !press.isReleased else { return nil }
      press.isReleased = true
      lastPress = press
      guard press.selects else { return true }
      let text =
        changeCopy { mode, emulator in
          if press.clicks == 1 { mode.cursor = Self.place(of: mouse, in: mode) }
          return mode.selectedText(in: emulator)
        } ?? nil
      leaveCopyMode()
      if let text, !text.isEmpty { sessions?.onCopy?(text) }
      return true
    default:
      return nil
    }
  }

  /// The place in copy mode's document of a mouse event's cell.
  private static func place(of mouse: MouseInput, in mode: CopyMode) -> CopyPosition {
    CopyPosition(
      line: min(mode.top + max(0, mouse.row), mode.last), column: max(0, mouse.column))
  }
}
