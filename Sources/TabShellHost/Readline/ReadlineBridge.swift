import CReadline
import Synchronization
import TabShellPlatform

/// Readline's C callbacks and the state they reach.
///
/// Readline calls plain C functions that cannot capture context, so the engine and the line just read
/// live in two `nonisolated(unsafe)` statics. That is safe because of confinement, not locking: they
/// are set and read only on the thread running ``InteractiveREPL/run(engine:historyPath:options:)``,
/// and readline only calls back from inside `rl_callback_read_char`, which that same thread calls.
/// The atomic `active` flag makes sure that only one REPL runs at a time, so no second thread can
/// touch them while a REPL runs.
package enum ReadlineBridge {
  /// What readline delivered.
  package enum Input: Equatable {
    /// A line, typed and accepted with Return.
    case line(String)
    /// Ctrl-D on an empty line (or the end of the input).
    case endOfInput
  }

  private static let active = Atomic<Bool>(false)
  nonisolated(unsafe) private static var engine: (any REPLEngine)?
  nonisolated(unsafe) private static var input: Input?

  /// Claims readline for `engine`; `false` when another REPL already runs.
  package static func begin(engine: any REPLEngine) -> Bool {
    guard
      active.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        .exchanged
    else { return false }
    Self.engine = engine
    Self.input = nil
    return true
  }

  /// Releases readline.
  package static func end() {
    engine = nil
    input = nil
    active.store(false, ordering: .sequentiallyConsistent)
  }

  /// Shows `prompt` and starts reading a line in readline's callback mode.
  package static func startLine(prompt: String) {
    input = nil
    reading = true
    rl_callback_handler_install(prompt) { ReadlineBridge.receive($0) }
  }

  /// Whether readline is reading a line: started, and no line delivered since.
  package static var isReading: Bool { reading }

  nonisolated(unsafe) private static var reading = false

  /// Whether a line (or the end of the input) was delivered and not taken yet.
  package static var hasInput: Bool { input != nil }

  nonisolated(unsafe) private static var switchRequested = false

  /// Binds Ctrl-X Ctrl-A and Ctrl-X A (as gdb does) to a switch between the line REPL and the
  /// full-screen mode; the loop that feeds readline asks ``takeModeSwitch()`` after each key.
  package static func bindModeSwitch() {
    for sequence in ["\\C-x\\C-a", "\\C-xa", "\\C-xA"] {
      _ = tabshell_rl_bind_keyseq(sequence) { _, _ in
        ReadlineBridge.switchRequested = true
        return 0
      }
    }
  }

  /// Whether Ctrl-X Ctrl-A was typed and not taken yet.
  package static var isModeSwitchRequested: Bool { switchRequested }

  /// Whether Ctrl-X Ctrl-A was typed since the last call.
  package static func takeModeSwitch() -> Bool {
    defer { switchRequested = false }
    return switchRequested
  }

  /// Lets readline read one byte of a key and act on it, has it hand over a line that the key after
  /// a numeric argument accepted (readline 8.2 keeps it until the next key, which it runs on the
  /// accepted line: `tabshell_rl_hand_over_accepted_line` in CReadline), then keeps its history
  /// position in step with the line being edited: after a non-incremental search away from the end
  /// of the history, readline 8.2 would hand one undo list to two owners and free it twice (see
  /// `tabshell_rl_settle_history_position`). First, an incremental search that ran out of lines
  /// is put back inside the line it searches (`tabshell_rl_keep_search_in_its_line`). Every key
  /// goes in through here.
  package static func readCharacter() {
    _ = tabshell_rl_keep_search_in_its_line()
    rl_callback_read_char()
    _ = tabshell_rl_hand_over_accepted_line()
    _ = tabshell_rl_settle_history_position()
  }

  /// Stops reading the line under way and drops it (readline's line state, safely:
  /// `tabshell_rl_drop_line_state` in CReadline).
  package static func removeLine() {
    reading = false
    tabshell_rl_drop_line_state()
    rl_callback_handler_remove()
  }

  /// The line delivered since ``startLine(prompt:)``, if any (taken once).
  package static func takeInput() -> Input? {
    defer { input = nil }
    return input
  }

  /// Called by readline with the line (malloc'ed, ours to free), or NULL at the end of the input.
  /// Removing the handler here stops readline from showing the next prompt before the command ran.
  private static func receive(_ line: UnsafeMutablePointer<CChar>?) {
    rl_callback_handler_remove()
    reading = false
    guard let line else {
      input = .endOfInput
      return
    }
    input = .line(String(cString: line))
    free(line)
  }

  /// Makes readline call ``complete(_:_:_:)`` on Tab.
  package static func installCompleter() {
    tabshell_rl_set_attempted_completion_function { text, start, end in
      ReadlineBridge.complete(text, start, end)
    }
  }

  /// The attempted completion function: asks the engine, never falls back to file names, quotes a
  /// word with blanks typed outside quotes (inside quotes, readline closes the quote itself). The
  /// engine sees a word opened with a quote without its quote (`tab 'my t` as `tab my t`). Returns
  /// readline's match array (malloc'ed, freed by readline) or NULL when nothing matches.
  private static func complete(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
  ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    tabshell_rl_set_attempted_completion_over(1)
    guard let engine, let buffer = tabshell_rl_line_buffer() else { return nil }
    let typed = text.map { String(cString: $0) } ?? ""
    let quote = tabshell_rl_completion_quote_character()
    let word = CompletionMatches.engineWord(
      line: Array(UnsafeBufferPointer(start: buffer, count: strlen(buffer))).map {
        UInt8(bitPattern: $0)
      },
      start: Int(start), end: Int(end), openedWithQuote: quote != 0)
    let candidates = engine.completions(line: word.line, wordStart: word.start, wordEnd: word.end)
    var matches = CompletionMatches.readlineMatches(typed: typed, candidates: candidates)
    if quote == 0 { matches = CompletionMatches.quotingInsertion(matches) }
    if matches.count == 1, matches[0].hasSuffix("/") {
      tabshell_rl_set_completion_append_character(0)
    }
    return CompletionMatches.cArray(matches)
  }
}
