/// What copy mode searches for (`/`, `?`, `search`): a text as it is (found in a line's text byte
/// for byte, fast enough for 100,000 lines a frame), or an expression the host matches (a
/// function that gives the byte ranges of the matches in a line's text, not overlapping, in
/// order).
package struct CopyPattern: Sendable {
  enum Kind: Sendable {
    case plain([UInt8])
    case matching(@Sendable (String) -> [Range<Int>])
  }

  /// The text as it was given.
  package let text: String
  let kind: Kind

  /// Whether it is an expression.
  package var isExpression: Bool {
    if case .matching = kind { return true }
    return false
  }

  /// `text` as it is.
  package static func plain(_ text: String) -> CopyPattern {
    CopyPattern(text: text, kind: .plain(Array(text.utf8)))
  }

  /// An expression, `text`, whose matches in a line's text `matches` gives as byte ranges.
  package static func matching(
    _ text: String, _ matches: @escaping @Sendable (String) -> [Range<Int>]
  ) -> CopyPattern {
    CopyPattern(text: text, kind: .matching(matches))
  }

  /// The byte ranges of the matches in a line's text.
  func ranges(in line: CopyLineText) -> [Range<Int>] {
    switch kind {
    case .plain(let needle): return line.ranges(of: needle)
    case .matching(let matches):
      let bytes = line.bytes
      return matches(String(decoding: bytes, as: UTF8.self)).filter {
        $0.lowerBound >= 0 && $0.upperBound <= bytes.count && !$0.isEmpty
      }
    }
  }

  /// Whether a line's text may hold a match: for a text, whether it does (cheaper than its
  /// ranges, which need the columns).
  func mayMatch(_ line: CopyLineText) -> Bool {
    switch kind {
    case .plain(let needle): line.firstRange(of: needle) != nil
    case .matching: !ranges(in: line).isEmpty
    }
  }
}

/// A search copy mode made, which `n` (the same way) and `N` (the other way) repeat.
struct CopySearch {
  let pattern: CopyPattern
  /// Whether it went towards the first line (`?`).
  let backward: Bool
}

extension CopyMode {
  /// The columns of each match of `pattern` in a line, in order.
  func matches(
    of pattern: CopyPattern, in line: Int, text: inout CopyLineText, emulator: TerminalEmulator
  ) -> [ClosedRange<Int>] {
    document.withBytes(of: line, in: emulator) { text.read($0) }
    guard pattern.mayMatch(text) else { return [] }
    document.withBytes(of: line, in: emulator) { text.read($0, columns: true) }
    let found = text
    return pattern.ranges(in: found).map { found.columns(of: $0) }
  }

  /// Moves the cursor to the next match of `pattern` after it (before it when `backward`),
  /// going round the document's end to its start (or the other way), and keeps the search for `n`
  /// and `N`; whether there was a match.
  mutating func search(_ pattern: CopyPattern, backward: Bool, in emulator: TerminalEmulator)
    -> Bool
  {
    search = CopySearch(pattern: pattern, backward: backward)
    return find(pattern, backward: backward, in: emulator)
  }

  /// Repeats the last search, the same way or (`reversed`) the other; `nil` when there was none.
  mutating func searchAgain(reversed: Bool, in emulator: TerminalEmulator) -> Bool? {
    guard let search else { return nil }
    return find(search.pattern, backward: search.backward != reversed, in: emulator)
  }

  private mutating func find(_ pattern: CopyPattern, backward: Bool, in emulator: TerminalEmulator)
    -> Bool
  {
    let first = first(in: emulator)
    let count = document.end - first
    guard count > 0 else { return false }
    var text = CopyLineText()
    let start = cursor
    // Every line once from the cursor's, then the cursor's again for what is on its other side.
    for step in 0...count {
      let offset = backward ? -step : step
      let line = first + ((start.line - first + offset) % count + count) % count
      let found = matches(of: pattern, in: line, text: &text, emulator: emulator)
      guard !found.isEmpty else { continue }
      let columns = found.map(\.lowerBound)
      // On the cursor's line, first only the matches on the way from it.
      let column =
        step > 0
        ? (backward ? columns.last : columns.first)
        : backward ? columns.last { $0 < start.column } : columns.first { $0 > start.column }
      guard let column else { continue }
      cursor = CopyPosition(line: line, column: column)
      wantedColumn = column
      follow(in: emulator)
      return true
    }
    return false
  }
}
