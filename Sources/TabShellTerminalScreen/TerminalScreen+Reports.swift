@_spi(Host) import TabShellKit
import TabShellPlatform

extension TerminalScreen {
  /// Tells the shell what the program did in the round just taken in, each as a request of its
  /// own, in this order: the title it set (``ScreenRequest/setTitle(_:)``), output while
  /// the screen is not visible (``ScreenRequest/activity``, once until it is visible again), the
  /// bell (``ScreenRequest/bell``, several in a round are one), and its end
  /// (``ScreenRequest/exited(status:)``) when it `ended` in this round.
  func report(ended: Bool) {
    let emulator = session.emulator
    if let title = emulator.takeTitle() { context.send(.setTitle(Self.requestedTitle(title))) }
    if session.takeWrote(), !isVisible, !toldActivity {
      toldActivity = true
      context.send(.activity)
    }
    if emulator.takeBell() { context.send(.bell) }
    if ended, let ending = session.ending { context.send(.exited(status: Self.status(ending))) }
  }

  /// The title the screen asks for when its program set `title`: the title itself, which the
  /// shell makes safe as every screen's own title (``screenTitle(_:)``: control characters written
  /// out, cut, blanks at either end dropped), or the type's title when nothing of it would be left.
  static func requestedTitle(_ title: String) -> String {
    screenTitle(title).isEmpty ? TerminalScreenType.title : title
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
