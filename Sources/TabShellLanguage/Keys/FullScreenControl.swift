import TabShellKit

/// What the full-screen mode lets its keys' commands (`set-focus`, `back`, `panel`) do to it: set on
/// the interpreter (``Interpreter/fullScreen``) while the mode runs.
///
/// Isolation: used only on the thread that runs the mode.
package protocol FullScreenControl: AnyObject {
  /// Where keys go now.
  var keyFocus: KeyFocus { get set }
  /// Whether the output panel is open.
  var isPanelOpen: Bool { get }
  /// Closes the output panel.
  func closePanel()
  /// Scrolls the output panel.
  func scrollPanel(_ scroll: PanelScroll)
  /// Draws the whole terminal again at the next frame (`redraw`, Ctrl-L).
  func redraw()
  /// Gives the terminal back and stops until `fg` (`suspend`, Ctrl-Z); an error saying why on a
  /// terminal that does not stop.
  func suspend() throws(GestureError)
  /// Back to the line REPL with the line being typed (`line-mode`, Ctrl-X Ctrl-A); an error
  /// saying why on a terminal that has none.
  func leaveForLineMode() throws(GestureError)
  /// Drops the line being typed and starts a fresh one (`clear-line`, Ctrl-C on the command
  /// line).
  func clearLine()
  /// Asks for a text on the command line, after `prompt` (`search` without TEXT): Enter runs
  /// `answer` with it (its error shown as a command's), Escape drops it; the keys then go where
  /// they were.
  func ask(_ prompt: String, then answer: @escaping (Interpreter, String) throws -> Void)
}

/// How `panel` scrolls the output panel.
package enum PanelScroll: String, CaseIterable, Sendable {
  /// A row up, a row down.
  case up, down
  /// A page up, a page down.
  case pageUp = "page-up"
  case pageDown = "page-down"
}
