import CVTerm
import TabShellKit

extension TerminalSessions {
  /// The last `count` lines the program of the terminal screen `id` scrolled off its top, oldest
  /// first, as text (a wide character once, trailing blanks left out); `nil` when no live
  /// terminal screen has that id. For what a failed test leaves behind.
  package func history(ofScreen id: String, last count: Int) -> [String]? {
    guard let screen = screens.first(where: { $0.context.screenID == id }) else { return nil }
    let scrollback = screen.session.emulator.scrollback
    return scrollback.suffix(max(0, count)).map { cells in
      // A wide character's right cell holds -1; a blank, 0.
      let texts = cells.filter { $0.chars.0 != UInt32.max }.map {
        $0.chars.0 == 0 ? " " : TerminalScreen.text(of: $0)
      }
      return String(texts.joined().reversed().drop { $0 == " " }.reversed())
    }
  }
}
