import TabShellKit

/// `logger`: a screen that logs every lifecycle call, as the hand-made container of the `lifecycle`
/// layout does; with `--param hides-bar=yes` it asks the bar to hide while it is visible (through its
/// context, as the tutorial's screen asks its tab bar's delegate).
final class LoggerScreenType: ScreenType {
  let name = "logger"
  let summary = "logs its lifecycle calls; --param hides-bar=yes hides the bar while visible"
  let defaultTitle = "Logger"
  let icon = "≡"

  var commands: [ScreenCommand] {
    [
      ScreenCommand(
        "calls", of: LoggerScreen.self, abstract: "print the lifecycle calls this screen has had"
      ) { screen, command in
        for call in screen.calls { command.write(call) }
      }
    ]
  }

  /// `--hides-bar yes`: the bar hides while the screen is visible.
  static let hidesBar = CommandOption(
    "--hides-bar", .choice(["yes", "no"]), valueName: "yes|no",
    abstract: "whether the bar hides while the screen is visible (default no)")

  var parameters: [CommandParameter] { [Self.hidesBar] }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    LoggerScreen(
      title: configuration.title, context: configuration.context,
      hidesBar: configuration[Self.hidesBar] == "yes")
  }
}

final class LoggerScreen: Screen {
  let title: String
  let context: ScreenContext
  let hidesBar: Bool
  private(set) var calls: [String] = []

  init(title: String, context: ScreenContext, hidesBar: Bool) {
    self.title = title
    self.context = context
    self.hidesBar = hidesBar
    record("init")
    if hidesBar { context.setHidesBar(true) }
  }

  private func record(_ call: String) {
    calls.append(call)
    context.log("\(title): \(call)")
  }

  func viewDidLoad() { record("viewDidLoad") }

  func viewWillAppear() {
    record("viewWillAppear")
  }

  func viewDidAppear() { record("viewDidAppear") }

  func viewWillDisappear() {
    record("viewWillDisappear")
  }

  func viewDidDisappear() { record("viewDidDisappear") }
  func willDeinit() { record("deinit") }

  func draw(in canvas: inout Canvas) {
    canvas.write(title, row: 0, bold: true)
    let shown = calls.suffix(max(0, canvas.height - 1))
    for (row, call) in shown.enumerated() { canvas.write(call, row: row + 1, column: 2) }
  }
}
