@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal

/// The mouse over a screen that takes input, in the full-screen mode (docs/Contract.md, "Focus in
/// the full-screen mode"): a state machine that says where each mouse event goes, and holds no
/// reference to what it drives.
///
/// A press, a release of another button or the wheel in the screen's region goes to the screen,
/// in the region's coordinates. When the screen handled a press (``pressAnswered(handled:)``),
/// the drags and the release that follow go to it too, wherever the pointer is (clamped to the
/// region); when it did not, they are the shell's: a drag in the screen area is then a swipe, as
/// for any screen. Everything else (the bar, the panel, a screen that takes no input) is the
/// shell's.
struct ScreenPointer {
  /// The screen's region on the terminal: its top-left cell (0-based) and size.
  struct Region: Equatable {
    var column = 0
    var row: Int
    var width: Int
    var height: Int

    /// The cell in region coordinates, when it is inside.
    func inside(column: Int, row: Int) -> (column: Int, row: Int)? {
      let (x, y) = (column - self.column, row - self.row)
      guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
      return (x, y)
    }

    /// The cell in region coordinates, moved to the nearest cell inside.
    func clamped(column: Int, row: Int) -> (column: Int, row: Int) {
      (
        min(max(0, column - self.column), max(0, width - 1)),
        min(max(0, row - self.row), max(0, height - 1))
      )
    }
  }

  /// Where an event goes.
  enum Route: Equatable {
    /// To the screen; a press waits for ``pressAnswered(handled:)``.
    case screen(MouseInput)
    /// To the shell: a tap, a swipe, the panel, the wheel over the bar.
    case shell
  }

  /// The screen handled the press: the drags and the release are its own.
  private(set) var isCaptured = false

  /// Where an event (1-based cells, as the terminal sends them) goes; `region` is the visible
  /// screen's when it takes input and the cell is not under the panel, else `nil`.
  mutating func route(_ event: MouseEvent, region: Region?) -> Route {
    let (column, row) = (event.column - 1, event.row - 1)
    if isCaptured, let region {
      switch event.action {
      case .drag, .release:
        if event.action == .release { isCaptured = false }
        let cell = region.clamped(column: column, row: row)
        return .screen(input(event, column: cell.column, row: cell.row))
      case .move: return .shell
      default: isCaptured = false
      }
    } else if isCaptured {
      // The screen left (or stopped taking input) while a button was down.
      isCaptured = false
    }
    guard let region, let cell = region.inside(column: column, row: row) else { return .shell }
    switch event.action {
    case .press, .wheelUp, .wheelDown:
      return .screen(input(event, column: cell.column, row: cell.row))
    default: return .shell
    }
  }

  /// What the screen answered to a press that went to it.
  mutating func pressAnswered(handled: Bool) { isCaptured = handled }

  /// Forgets a press the screen had (the mode ends, the screen changed).
  mutating func reset() { isCaptured = false }

  private func input(_ event: MouseEvent, column: Int, row: Int) -> MouseInput {
    let action: MouseInput.Action =
      switch event.action {
      case .release: .release
      case .drag: .drag
      case .wheelUp: .wheelUp
      case .wheelDown: .wheelDown
      default: .press
      }
    var modifiers = MouseInput.Modifiers()
    if event.modifiers.contains(.shift) { modifiers.insert(.shift) }
    if event.modifiers.contains(.meta) { modifiers.insert(.meta) }
    if event.modifiers.contains(.control) { modifiers.insert(.control) }
    let button =
      switch event.button {
      case .none: 0
      case .left: 1
      case .middle: 2
      case .right: 3
      case .extra(let number): number
      }
    return MouseInput(
      action, button: action == .wheelUp || action == .wheelDown ? 0 : button, column: column,
      row: row, modifiers: modifiers)
  }
}

extension TerminalLayout {
  /// The visible screen's region on the terminal: the page's rows under its header (every row
  /// of the screen area with the compact bar), the whole width.
  var screenRegion: ScreenPointer.Region {
    ScreenPointer.Region(row: regionTop, width: columns, height: regionRows)
  }
}
