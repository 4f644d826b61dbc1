@_spi(Host) import TabShellKit
import TabShellRendering

/// `click --text`: a click on a text a screen shows (docs/Contract.md, "Pictures, recordings,
/// locators").
extension Interpreter {
  /// Clicks the cell at half `text`'s width, rounded down, from where the screen `id` (the visible
  /// one for `nil`; it must be visible) shows `text` for the `nth` time: a press there and, when
  /// the screen handled it, the release, as `click COL ROW` in its region, never the bar.
  func click(text: String, on id: String?, nth: Int) throws {
    let (id, picture) = try screenPicture(id)
    guard shell.visibleScreen?.id == id else {
      throw LanguageError.failed(
        "click --text: screen \(quoted(id)) is not visible (the visible screen is "
          + (shell.visibleScreen.map { quoted($0.id) } ?? "none") + ")")
    }
    guard shell.takesInput(screen: id) else { throw ShellError.takesNoInput(screen: id) }
    let matches = TextLocator(picture: picture).matches(of: text)
    guard nth <= matches.count else {
      let count = matches.count
      let what =
        count == 0
        ? "does not show \(quoted(text))"
        : "shows \(quoted(text)) \(count == 1 ? "once" : "\(count) times"), not \(nth)"
      throw LanguageError.failed(
        "click --text: screen \(quoted(id)) \(what)" + LanguageError.shownText(picture.text))
    }
    let match = matches[nth - 1]
    // The region starts under the page's header: its row 0 is the frame's row 1.
    try click(screen: id, column: match.middle, row: match.row + 1, in: layout)
  }
}
