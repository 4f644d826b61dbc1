@_spi(Host) import TabShellKit
import TabShellPlatform

extension TerminalScreen {
  /// The most characters of a program's title the tab shows, control characters written out.
  static let titleLimit = 64

  /// Tells the shell what the program did in the round just taken in, each as a request of its
  /// own, in this order: the title it set (``ScreenRequest/setTitle(_:)``, made safe), output while
  /// the screen is not visible (``ScreenRequest/activity``, once until it is visible again), the
  /// bell (``ScreenRequest/bell``, several in a round are one), and its end
  /// (``ScreenRequest/exited(status:)``) when it `ended` in this round.
  func report(ended: Bool) {
    let emulator = session.emulator
    if let title = emulator.takeTitle() { context.send(.setTitle(Self.safeTitle(title))) }
    if session.takeWrote(), !isVisible, !toldActivity {
      toldActivity = true
      context.send(.activity)
    }
    if emulator.takeBell() { context.send(.bell) }
    if ended, let ending = session.ending { context.send(.exited(status: Self.status(ending))) }
  }

  /// A program's title as the tab shows it: control characters written out (`\u{1B}`), cut to
  /// ``titleLimit`` characters, blanks at either end dropped; an empty one is the type's title.
  static func safeTitle(_ title: String) -> String {
    var safe = ""
    var count = 0
    for character in title {
      let shown = neutralized(String(character))
      guard count + shown.count <= titleLimit else { break }
      safe += shown
      count += shown.count
    }
    var trimmed = Substring(safe)
    while trimmed.first == " " { trimmed.removeFirst() }
    while trimmed.last == " " { trimmed.removeLast() }
    return trimmed.isEmpty ? TerminalScreenType.title : String(trimmed)
  }

  /// `$status` of an `exited` event: the exit status, or 128 + N for a program killed by the
  /// signal N, as shells say.
  static func status(_ ending: PseudoTerminal.Ending) -> Int {
    switch ending {
    case .exited(let status): Int(status)
    case .killed(let signal): 128 + Int(signal)
    }
  }
}
