import TabShellKit

extension TerminalSessions {
  /// The last `count` lines the program of the terminal screen `id` scrolled off its top, oldest
  /// first, as text (a wide character once, trailing blanks left out); `nil` when no live
  /// terminal screen has that id. For what a failed test leaves behind.
  package func history(ofScreen id: String, last count: Int) -> [String]? {
    guard let screen = screens.first(where: { $0.context.screenID == id }) else { return nil }
    let emulator = screen.session.emulator
    let kept = emulator.scrollback.count
    return (max(0, kept - max(0, count))..<kept).map { emulator.keptText($0) }
  }
}
