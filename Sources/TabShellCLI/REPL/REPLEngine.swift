import TabShellLanguage

/// What the interactive REPL needs from the interpreter: the seam between readline and the language.
///
/// The REPL (``InteractiveREPL``) owns the terminal: readline, history, signals. The engine owns the
/// shell: it runs a line, names the prompt, draws the bar line, and completes words.
package protocol REPLEngine: AnyObject {
  /// The prompt, naming the visible screen (no trailing newline).
  var prompt: String { get }
  /// The bar as one line, printed above the prompt after each command; `nil` when the bar is hidden.
  var barLine: String? { get }
  /// Runs one line typed by the user. Errors are reported by the engine (on stderr, as
  /// `error: MESSAGE`).
  func execute(_ line: String) -> REPLAction
  /// Completions for the word between `wordStart` and `wordEnd` (UTF-8 offsets into `line`), given
  /// everything before it on the line. Full words, not suffixes.
  func completions(line: String, wordStart: Int, wordEnd: Int) -> [String]
  /// The interpreter the full-screen mode draws and acts on; `nil` when the engine has none (the
  /// REPL then stays in its line mode).
  var fullScreenInterpreter: Interpreter? { get }
}

extension REPLEngine {
  /// No full-screen mode.
  package var fullScreenInterpreter: Interpreter? { nil }
}

/// What the REPL does after a line.
package enum REPLAction: Equatable, Sendable {
  /// Read the next line.
  case proceed
  /// Leave the REPL with this exit status (`exit N`, `quit`).
  case exit(Int32)
  /// Go full-screen (`tui`).
  case fullScreen
}
