@_spi(Host) import TabShellKit

/// Why a gesture could not be made: data, worded in one place (``description``).
package enum GestureError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A cell outside the terminal's size (1-based, as given).
  case outside(column: Int, row: Int, columns: Int, rows: Int)
  /// A size below 1 × 1.
  case sizeTooSmall(columns: Int, rows: Int)
  /// A size past what a frame may have.
  case sizeTooBig(columns: Int, rows: Int, maximumColumns: Int, maximumRows: Int, maximumCells: Int)
  /// A key `key` does not know.
  case unknownKey(String, suggestion: String?)
  /// A wheel direction other than `up` and `down`.
  case unknownDirection(String, suggestion: String?)
  /// The full-screen mode cannot start (no terminal, `TERM=dumb`, not at the prompt).
  case fullScreenUnavailable(String)
  /// A word that names no key (`bind`, `unbind`).
  case notAKey(String)
  /// A key with no binding in a focus (`unbind`, or `key` after an `unbind`).
  case notBound(key: String, focus: String)
  /// Keys whose bindings pressed keys more than `limit` deep (a key bound to press itself).
  case keysTooDeep(key: String, limit: Int)
  /// A command of the full-screen mode's (`set-focus`, `back`, `panel`) outside it.
  case onlyFullScreen(command: String)
  /// A command of sessions' (`detach`) outside one.
  case notInSession(command: String)

  package var description: String {
    switch self {
    case .outside(let column, let row, let columns, let rows):
      "cell \(column) \(row) is outside the terminal (\(columns) columns × \(rows) rows, counted "
        + "from 1; 'size' changes it)"
    case .sizeTooSmall(let columns, let rows):
      "a size must be at least 1 × 1, not \(columns) × \(rows)"
    case .sizeTooBig(let columns, let rows, let maximumColumns, let maximumRows, let cells):
      "a size of \(columns) × \(rows) is too big (at most \(maximumColumns) columns, "
        + "\(maximumRows) rows and \(cells) cells)"
    case .unknownKey(let name, let suggestion):
      "unknown key \(quoted(name)) (keys: \(BarKey.summary))"
        + LanguageError.didYouMean(suggestion)
    case .unknownDirection(let word, let suggestion):
      "the wheel turns up or down, not \(quoted(word))" + LanguageError.didYouMean(suggestion)
    case .fullScreenUnavailable(let reason): reason
    case .notAKey(let word):
      "\(quoted(word)) is not a key (keys are named as tmux names them: Enter, Escape, Tab, "
        + "Space, BSpace, Up, Left, PPage, NPage, F1...F12, a character, with C-, M- or S- before)"
    case .notBound(let key, let focus): "key \(quoted(key)) is not bound in the \(focus) focus"
    case .keysTooDeep(let key, let limit):
      "key \(quoted(key)): bindings pressed keys more than \(limit) deep (a key bound to press "
        + "itself?)"
    case .onlyFullScreen(let command):
      "\(quoted(command)) works in the full-screen mode (tabshell --tui, or tui at the prompt)"
    case .notInSession(let command):
      "not in a session: \(quoted(command)) works in a session (tabshell --session NAME, "
        + "tabshell attach)"
    }
  }
}
