import TabShellKit

/// Scrolling a terminal tab back through the lines kept (docs/Contract.md, "Terminal tabs"): the
/// wheel when the program did not turn mouse reporting on, and the screen command `scrollback`,
/// which the prefix keys PPage and NPage run in the full-screen mode. While scrolled back the
/// view stays on its lines as new output comes, and shows `[LINES/KEPT]` at its top right; a key,
/// text or a paste for the program returns it to the screen first.
extension TerminalScreen {
  /// The rows a turn of the wheel scrolls.
  static let wheelRows = 3

  /// How `scrollback` moves the view.
  enum Scroll: String, CaseIterable {
    case up, down
    case pageUp = "page-up"
    case pageDown = "page-down"
    case top, bottom
  }

  static let how = CommandArgument(
    "HOW", .choice(Scroll.allCases.map(\.rawValue)),
    abstract: "up, down (N lines), page-up, page-down (N pages), top or bottom")
  static let count = CommandArgument(
    "N", optional: .integer(in: 1...1_000_000), abstract: "how many lines or pages (default 1)")

  /// `scrollback HOW [N]`: scrolls the visible terminal tab back through the lines it kept.
  static let scrollbackCommand = ScreenCommand(
    "scrollback", of: TerminalScreen.self, parameters: [how, count],
    abstract: "scroll the terminal back through the lines it kept (prefix PPage / NPage)",
    discussion: """
      Scrolls the view of the visible terminal tab: up and down by N lines, page-up and \
      page-down by N pages (the rows less one), top to the first line kept, bottom back to the \
      program's screen. While scrolled back, '[LINES/KEPT]' shows at the top right, output \
      keeps the view where it is, and a key typed returns to the bottom and goes to the program.
      """
  ) { screen, command in
    let how = Scroll(rawValue: command[how]) ?? .bottom
    screen.scroll(how, count: command[count] ?? 1)
  }

  /// Moves the view as `scrollback` says.
  func scroll(_ how: Scroll, count: Int) {
    let emulator = session.emulator
    let page = max(1, emulator.rows - 1)
    let lines =
      switch how {
      case .up: count
      case .down: -count
      case .pageUp: count.multipliedReportingOverflow(by: page).partialValue
      case .pageDown: -count.multipliedReportingOverflow(by: page).partialValue
      case .top: emulator.scrollback.count
      case .bottom: -emulator.scrollback.count
      }
    if emulator.scrollBack(by: lines) { context.setNeedsDisplay() }
  }

  /// The wheel, when the program did not ask for the mouse: scrolls the view; other mouse events
  /// are not handled.
  func scrollBack(with mouse: MouseInput) -> Bool {
    if isCopying, mouse.action == .wheelUp || mouse.action == .wheelDown {
      _ = changeCopy { mode, emulator in
        mode.move(
          mouse.action == .wheelUp ? .scrollUp : .scrollDown, count: Self.wheelRows, in: emulator)
      }
      return true
    }
    switch mouse.action {
    case .wheelUp: scroll(.up, count: Self.wheelRows)
    case .wheelDown: scroll(.down, count: Self.wheelRows)
    default: return false
    }
    return true
  }

  /// Input for the program: the view goes back to the screen first.
  func returnToScreen() {
    let emulator = session.emulator
    guard emulator.scrolledBack > 0 else { return }
    emulator.scrolledBack = 0
    context.setNeedsDisplay()
  }

  /// `[LINES/KEPT]` at the top right of the view, in reverse video, as tmux's copy mode shows it.
  func drawPosition(in canvas: inout Canvas, columns: Int) {
    let emulator = session.emulator
    let text = "[\(emulator.scrolledBack)/\(emulator.scrollback.count)]"
    canvas.write(
      text, row: 0, column: max(0, columns - text.count), style: Canvas.Style(attributes: .reverse))
  }
}
