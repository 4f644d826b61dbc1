import TabShellKit

/// `counter`: a screen that counts, shows the count in its tab's badge, and can hide the bar.
final class CounterScreenType: ScreenType {
  let name = "counter"
  let summary = "counts: + and - (keys or typed), a click, or 'increment [N]'; the badge shows it"
  let defaultTitle = "Counter"
  let icon = "○"
  let selectedIcon = "●"

  var commands: [ScreenCommand] { CounterScreen.commands }

  /// Its screens take input: keys, typed text and clicks reach ``CounterScreen/handle(_:)``.
  var takesInput: Bool { true }

  /// `--start N`: the count a new counter starts at. The host checks that it is a whole number
  /// (`add-tab counter --start x` is an error), so it is read here as an `Int`.
  static let start = CommandOption(
    "--start", .integer, valueName: "N", abstract: "the count to start at (default 0)")

  var parameters: [CommandParameter] { [Self.start] }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    CounterScreen(
      title: configuration.title, count: configuration[Self.start] ?? 0,
      context: configuration.context)
  }
}

/// One counter. Its state is its own; it tells the host about it through its context.
final class CounterScreen: Screen {
  let title: String
  private(set) var count: Int
  private(set) var isFocused = false
  let context: ScreenContext

  init(title: String, count: Int, context: ScreenContext) {
    self.title = title
    self.count = count
    self.context = context
  }

  func viewDidLoad() throws {
    context.log("counter '\(title)' loaded at \(count)")
  }

  /// Adds `step` to the count and shows it in the tab's badge (none at zero); refuses a count past
  /// `Int`'s range rather than trapping (a trap would take the whole shell down).
  func increment(by step: Int) throws {
    let (sum, overflow) = count.addingReportingOverflow(step)
    guard !overflow else { throw CounterError(description: "the count would overflow") }
    count = sum
    context.setBadge(count == 0 ? nil : String(count))
  }

  /// Sets the count back to zero and clears the badge.
  func reset() {
    count = 0
    context.setBadge(nil)
  }

  /// Focus mode hides the tab bar while this counter is visible, as a full-screen reader would; the
  /// bar comes back by itself on another tab.
  func setFocused(_ focused: Bool) {
    isFocused = focused
    context.setHidesBar(focused)
  }

  func draw(in canvas: inout Canvas) {
    let top = max(0, canvas.height / 2 - 1)
    canvas.writeCentered(title, row: top, style: Canvas.Style(attributes: .bold))
    // The count in green above zero, red below, in the terminal's colour at zero.
    let color: Canvas.Color = count > 0 ? .green : count < 0 ? .red : .terminal
    canvas.writeCentered("count: \(count)", row: top + 1, style: Canvas.Style(foreground: color))
    canvas.writeCentered(
      "+ - click", row: top + 2, style: Canvas.Style(attributes: [.dim, .italic]))
  }
}
