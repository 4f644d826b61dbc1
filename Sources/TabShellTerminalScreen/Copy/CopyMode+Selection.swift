/// Copy mode's selection (docs/Contract.md, "Copy mode, buffers and the clipboard"): from where
/// it started to the cursor, both ends taken, as characters (`v`, Space), whole lines (`V`) or a
/// rectangle (`C-v`).
extension CopyMode {
  /// Starts a selection of characters at the cursor (again, when one is under way).
  mutating func beginSelection() {
    anchor = cursor
    shape = .characters
  }

  /// Starts a selection of whole lines at the cursor.
  mutating func selectLine() {
    anchor = cursor
    shape = .lines
  }

  /// Makes the selection a rectangle, or characters again (starting one at the cursor when there
  /// is none).
  mutating func toggleRectangle() {
    if anchor == nil { anchor = cursor }
    shape = shape == .rectangle ? .characters : .rectangle
  }

  /// Drops the selection.
  mutating func clearSelection() {
    anchor = nil
  }

  /// The selection's ends in order, when there is one.
  var selection: (start: CopyPosition, end: CopyPosition)? {
    guard let anchor else { return nil }
    return (min(anchor, cursor), max(anchor, cursor))
  }

  /// The columns of `line` the selection covers, if any (`Int.max` as the end: to the line's end).
  func selectedColumns(of line: Int) -> ClosedRange<Int>? {
    guard let (start, end) = selection, line >= start.line, line <= end.line else { return nil }
    switch shape {
    case .lines:
      return 0...Int.max
    case .rectangle:
      return min(start.column, end.column)...max(start.column, end.column)
    case .characters:
      return (line == start.line ? start.column : 0)...(line == end.line ? end.column : Int.max)
    }
  }

  /// The selection's text: each line's selected characters (a wide character once, an empty cell
  /// a blank), lines joined by newlines but where the program wrapped a line (a rectangle's rows
  /// are always lines of their own), each line's trailing blanks left out but on a wrapped line;
  /// whole lines end in a newline. `nil` without a selection.
  func selectedText(in emulator: TerminalEmulator) -> String? {
    guard let (start, end) = selection else { return nil }
    let first = first(in: emulator)
    var text = ""
    for line in max(start.line, first)...end.line {
      guard let columns = selectedColumns(of: line) else { continue }
      var part = document.text(line, columns: columns, in: emulator)
      let joins = shape != .rectangle && document.isWrapped(line, in: emulator)
      if !joins {
        while part.last == " " { part.removeLast() }
      }
      text += part
      if line < end.line || shape == .lines, !joins { text += "\n" }
    }
    return text
  }
}

extension CopyMode {
  /// Selects the word at `place` (letters, digits and `_`, or a run of other characters that are
  /// not blank, or of blanks, within its row), the cursor on its last cell: a double click.
  mutating func selectWord(at place: CopyPosition, in emulator: TerminalEmulator) {
    var lines = CopyLineCache(document: document, emulator: emulator)
    var column = place.column
    while column > 0, lines.isContinuation(CopyPosition(line: place.line, column: column)) {
      column -= 1
    }
    let kind = lines.kind(at: CopyPosition(line: place.line, column: column))
    let length = lines.length(place.line)
    func belongs(_ column: Int) -> Bool {
      let other = lines.kind(at: CopyPosition(line: place.line, column: column))
      return other == kind || other == .continuation
    }
    var start = column
    while start > 0, belongs(start - 1) { start -= 1 }
    var end = column
    while end + 1 < length, belongs(end + 1) { end += 1 }
    anchor = CopyPosition(line: place.line, column: start)
    shape = .characters
    cursor = CopyPosition(line: place.line, column: end)
    wantedColumn = end
  }
}
