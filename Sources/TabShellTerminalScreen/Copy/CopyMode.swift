/// A place in copy mode's document: a line, numbered for good (``CopyDocument``), and a column.
package struct CopyPosition: Comparable, Hashable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package static func < (a: CopyPosition, b: CopyPosition) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }

  package var description: String { "\(line):\(column)" }
}

/// Copy mode on a terminal screen (docs/Contract.md, "Copy mode, buffers and the clipboard"): a
/// view frozen on a ``CopyDocument``, a cursor that moves over it, a selection and the last search.
/// A state machine on its own: each method changes it, and what the screen must do (copy text,
/// leave) it returns; it holds no reference to the terminal, which each call that reads lines is
/// given.
struct CopyMode {
  /// How the selection is shaped: from one place to another, whole lines, or a rectangle.
  enum Shape: Equatable {
    case characters, lines, rectangle
  }

  /// What copy mode shows.
  private(set) var document: CopyDocument
  /// The cursor.
  var cursor: CopyPosition
  /// The line at the view's top.
  var top: Int
  /// The view's rows.
  let height: Int
  /// The column the cursor goes back to when it moves up or down over shorter lines (`Int.max`:
  /// each line's end).
  var wantedColumn: Int
  /// Where the selection started (the cursor is its other end), when there is one.
  var anchor: CopyPosition?
  /// The selection's shape.
  var shape = Shape.characters
  /// The last search, which `n` and `N` repeat.
  var search: CopySearch?

  /// Copy mode on `emulator` as it is now: the view where the screen's view is (scrolled back or
  /// not), the cursor on the program's cursor, or on the view's last row when it is scrolled back.
  init(_ emulator: TerminalEmulator) {
    document = CopyDocument(emulator)
    height = max(1, emulator.rows)
    let back = emulator.onAlternateScreen ? 0 : emulator.scrolledBack
    top = document.screenStart - back
    if back > 0 {
      cursor = CopyPosition(line: top + height - 1, column: 0)
    } else {
      let programCursor = emulator.cursor
      cursor = CopyPosition(
        line: document.screenStart + min(programCursor.row, height - 1),
        column: min(programCursor.column, max(0, emulator.columns - 1)))
    }
    wantedColumn = cursor.column
    settle(in: emulator)
  }

  /// The first line there is now, and the last.
  func first(in emulator: TerminalEmulator) -> Int { document.first(in: emulator) }
  var last: Int { document.end - 1 }

  /// Keeps the cursor, the selection and the view on lines there are, after the oldest kept
  /// lines went, and the cursor in the view.
  mutating func settle(in emulator: TerminalEmulator) {
    let first = first(in: emulator)
    if cursor.line < first { cursor = CopyPosition(line: first, column: 0) }
    if let start = anchor, start.line < first { anchor = CopyPosition(line: first, column: 0) }
    follow(in: emulator)
  }

  /// Scrolls the view as little as it takes to show the cursor, within the document.
  mutating func follow(in emulator: TerminalEmulator) {
    if cursor.line < top { top = cursor.line }
    if cursor.line >= top + height { top = cursor.line - height + 1 }
    clampTop(in: emulator)
  }

  /// Keeps the view's top between the first line and the last page.
  mutating func clampTop(in emulator: TerminalEmulator) {
    let first = first(in: emulator)
    top = min(max(top, first), max(first, document.end - height))
  }

  /// The position `[N/M]` shows: the cursor's line counted up from the last line (0 there), and
  /// the lines in all.
  func position(in emulator: TerminalEmulator) -> (line: Int, lines: Int) {
    (last - cursor.line, document.end - first(in: emulator))
  }

  /// How many cells a line has.
  func length(_ line: Int, in emulator: TerminalEmulator) -> Int {
    var text = CopyLineText()
    document.withBytes(of: line, in: emulator) { text.read($0) }
    return text.cellCount
  }
}
