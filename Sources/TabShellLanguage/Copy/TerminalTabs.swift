@_spi(Host) import TabShellKit

/// What the host's terminal tabs do for the commands that reach into them (``HostServices/terminals``):
/// copy mode, its searches, and (``TerminalTabs/capture(_:scrollback:escapes:)``) their text.
///
/// Isolation: called on the interpreter's thread.
package protocol TerminalTabs: AnyObject {
  /// Whether the screen `id` is a terminal's in copy mode.
  func isCopying(_ id: String) -> Bool
  /// How many times a terminal screen entered or left copy mode: while it stays the same, so does
  /// ``isCopying(_:)`` for every screen (the full-screen mode asks it before each input and frame).
  var copyModeChanges: Int { get }
  /// Enters copy mode on the terminal screen `id` (nothing when it is in it).
  func enterCopyMode(_ id: String) throws(TerminalTabError)
  /// Does `action` in the copy mode of the terminal screen `id`; the text it copied, if any.
  func copy(_ action: CopyAction, screen id: String) throws(TerminalTabError) -> String?
  /// Enters copy mode on the terminal screen `id` if it is not in it, and moves its cursor to the
  /// next match of `text` (of `pattern` when one is given) after it, or before it when
  /// `backward`.
  func search(_ text: String, pattern: TextPattern?, backward: Bool, screen id: String)
    throws(TerminalTabError)
  /// The lines of the terminal screen `id` as tmux's `capture-pane -p` prints them: with
  /// `scrollback` the lines kept first, with `escapes` SGR sequences for the cells' styles.
  func capture(_ id: String, scrollback: Bool, escapes: Bool) throws(TerminalTabError) -> [String]
  /// Pipes the output of the terminal screen `id`'s program to `command` run by `/bin/sh -c`
  /// (the pipe before stopped); with no command, stops it.
  func pipe(_ id: String, to command: String?) throws(TerminalTabError)
  /// The outer terminal's default colour, the text's or the `background`'s, as it reported it:
  /// every terminal tab's program, now and to come, is answered it when it asks (OSC 10, 11).
  func useOuterColor(_ color: Canvas.Color, background: Bool)
  /// Whether the background rounds put off their looks at the programs' foreground processes
  /// (which name their tabs) by a moment, instead of looking in the round that took output in
  /// just after a command key: set by the full-screen loop and a session's server around their
  /// own rounds, so that no echo of a key waits for a look; a command's wait (`wait-for`,
  /// `sleep`) clears it, as a script expects the name in the round (`expect title`).
  var putsOffForegroundLooks: Bool { get set }
}

/// Why a command could not reach into a terminal tab.
package enum TerminalTabError: Error, Equatable, Sendable {
  /// The screen is not a terminal's (or there is none of that id).
  case notATerminal(String)
  /// The screen is not in copy mode.
  case notCopying(String)
  /// A search found nothing.
  case noMatch(String, isRegex: Bool)
  /// `search-again` with no search made.
  case noSearch
  /// A pipe's command could not be started, for this reason.
  case cannotPipe(String, reason: String)
}

extension LanguageError {
  /// A terminal tab's refusal, in words.
  init(_ error: TerminalTabError) {
    switch error {
    case .notATerminal(let id): self = .failed("screen \(quoted(id)) is not a terminal")
    case .notCopying(let id):
      self = .failed("screen \(quoted(id)) is not in copy mode ('copy-mode' enters it)")
    case .noMatch(let text, let isRegex):
      self = .failed("no match for \(isRegex ? "the expression " : "")\(quoted(text))")
    case .noSearch: self = .failed("no search to repeat ('search TEXT' makes one)")
    case .cannotPipe(let command, let reason):
      self = .failed("cannot pipe to \(quoted(command)): \(reason)")
    }
  }
}
