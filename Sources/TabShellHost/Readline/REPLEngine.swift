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
  /// The engine on an interpreter, which the full-screen mode draws and acts on; `nil` when the
  /// engine has none (the REPL then stays in its line mode).
  var languageEngine: LanguageREPLEngine? { get }
  /// Descriptors to watch while waiting for a line, besides the terminal (process plugins' pipes):
  /// when one is ready, the REPL calls ``runBackground()``.
  var backgroundDescriptors: [Int32] { get }
  /// How long to wait at most before calling ``runBackground()`` anyway, in milliseconds: 0 when
  /// work waits that no descriptor will announce, the time to the next screen timer, -1 for none.
  var backgroundTimeout: Int32 { get }
  /// Does the work that came while the REPL waited for a line (process plugins' requests, screens'
  /// timers): what
  /// it printed, for the REPL to show above the prompt, and whether the bar line or the prompt
  /// changed.
  func runBackground() -> BackgroundOutcome
  /// Ctrl-D on an empty line: what leaving asks for (``REPLAction/exit(_:)``, or a question to
  /// ask first, ``takeQuestion()``).
  func endOfInput() -> REPLAction
  /// The question the last line (or Ctrl-D) left for the user (`quit: 2 programs are running;
  /// quit anyway? (y/n)`, `(rename-tab) `), taken once: its prompt, and for a line what is
  /// filled in (`nil` for a yes or no). The REPL asks it and hands the answer to
  /// ``answer(_:)``.
  func takeQuestion() -> (prompt: String, initial: String?)?
  /// The answer to the question ``takeQuestion()`` gave: the line typed, or `nil` for Ctrl-D.
  func answer(_ answer: String?) -> REPLAction
}

extension REPLEngine {
  /// No full-screen mode.
  package var languageEngine: LanguageREPLEngine? { nil }
  /// No background work.
  package var backgroundDescriptors: [Int32] { [] }
  package var backgroundTimeout: Int32 { -1 }
  package func runBackground() -> BackgroundOutcome { BackgroundOutcome() }
  /// Ctrl-D leaves at once.
  package func endOfInput() -> REPLAction { .exit(0) }
  /// Nothing is asked.
  package func takeQuestion() -> (prompt: String, initial: String?)? { nil }
  package func answer(_ answer: String?) -> REPLAction { .proceed }
}

/// What background work did while the REPL waited for a line.
package struct BackgroundOutcome: Equatable, Sendable {
  /// Text it printed, in order.
  package var printed: [PrintedText] = []
  /// The bar line or the prompt is not what is shown: draw them again.
  package var redraw = false
  /// A hook ran `exit`: leave with this status.
  package var exit: Int32?

  /// Nothing happened.
  package init() {}
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
