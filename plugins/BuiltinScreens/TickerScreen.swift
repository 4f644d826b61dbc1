import TabShellKit

/// `ticker`: a clock that counts the time it has run (`HH:MM:SS`, a second a tick, a stopwatch: a
/// plugin reaches no calendar through the core), ticking every second through a timer of its
/// context, for the
/// full-screen mode's screen focus, tests and benchmarks. It takes input: Space, or a click on
/// its face (the time and the two lines under it), pauses and resumes it; a press elsewhere it
/// leaves to the shell (a drag from there is a swipe). While it runs, its tab's badge shows the seconds, so that the bar ticks too,
/// in the full-screen mode and in the line REPL's bar line.
final class TickerScreenType: ScreenType {
  let name = "ticker"
  let summary = "a clock counting the seconds it runs; Space or a click on it pauses (takes input)"
  let defaultTitle = "Clock"
  let icon = "◷"
  var takesInput: Bool { true }

  func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
    TickerScreen(context: configuration.context)
  }
}

/// A clock's screen: ticks counted, paused or running, with the focus or without.
final class TickerScreen: Screen {
  let context: ScreenContext
  /// Seconds ticked while running.
  private(set) var ticks = 0
  private(set) var isPaused = false
  private(set) var hasFocus = false
  private var timer: ScreenTimer?
  /// The rows of the face, as last drawn.
  private var face = 0..<0

  init(context: ScreenContext) {
    self.context = context
  }

  func viewDidLoad() { start() }

  func willDeinit() { timer?.cancel() }

  private func start() {
    timer = context.every(.seconds(1)) { [weak self] in self?.tick() }
  }

  private func tick() {
    ticks += 1
    context.setBadge(String(Self.time(ticks).suffix(2)))
    context.setNeedsDisplay()
  }

  /// Pauses a running clock (its timer cancelled: a paused clock costs nothing) or starts it
  /// again.
  private func toggle() {
    isPaused.toggle()
    if isPaused {
      timer?.cancel()
      timer = nil
      context.setBadge(nil)
    } else {
      start()
    }
    context.setNeedsDisplay()
  }

  func handle(_ input: ScreenInput) -> Bool {
    switch input {
    case .key(Key(.space)):
      toggle()
      return true
    case .mouse(let mouse)
    where mouse.action == .press && mouse.button == 1 && face.contains(mouse.row):
      toggle()
      return true
    case .focus(let focused):
      hasFocus = focused
      context.setNeedsDisplay()
      return true
    default:
      return false
    }
  }

  func draw(in canvas: inout Canvas) {
    let top = max(0, canvas.height / 2 - 1)
    face = top..<min(canvas.height, top + 3)
    let style: Canvas.Style =
      isPaused
      ? Canvas.Style(foreground: .yellow, attributes: [.bold, .dim])
      : Canvas.Style(foreground: .bright(.cyan), attributes: [.bold])
    canvas.writeCentered(" \(Self.time(ticks)) ", row: top, style: style)
    let state = isPaused ? "paused" : "running"
    let plural = ticks == 1 ? "" : "s"
    canvas.writeCentered(
      "\(state) · \(ticks) tick\(plural)", row: top + 1, style: Canvas.Style(attributes: [.dim]))
    let help = hasFocus ? "Space or a click here: pause / resume" : "click here to pause / resume"
    canvas.writeCentered(help, row: top + 2, style: Canvas.Style(attributes: [.italic, .dim]))
  }

  /// Seconds as `HH:MM:SS`.
  static func time(_ seconds: Int) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
  }
}
