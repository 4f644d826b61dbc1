/// Searching a string for another: what _StringProcessing's `contains(_:)`, `firstRange(of:)`,
/// `ranges(of:)` and `replacing(_:with:)` do with two strings, for the modules built without it
/// (Package.swift's `withoutImplicitImports`). The names differ from those so that code which
/// imports both (the tests) calls either without ambiguity.
///
/// The search goes Character by Character, as _StringProcessing's does: Characters are compared
/// as `==` compares them (canonically: "é" as one scalar matches "e" followed by U+0301), and an
/// occurrence is a run of whole Characters of the string searched, so "e" does not occur in
/// "e\u{301}", whose one Character is "é". A search of the UTF-8 bytes or of the scalars would find
/// it there and miss the other spelling of "é". Occurrences are found from the start, each after
/// the one before (they never overlap); an empty text occurs before each Character and at the end.
extension StringProtocol {
  /// Whether `text` occurs in this string.
  package func contains(text: some StringProtocol) -> Bool {
    firstRange(ofText: text, from: startIndex) != nil
  }

  /// Where `text` first occurs in this string; `nil` when it does not.
  package func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
    firstRange(ofText: text, from: startIndex)
  }

  /// Where `text` occurs in this string, from the start, without overlaps.
  package func ranges(ofText text: some StringProtocol) -> [Range<Index>] {
    var found: [Range<Index>] = []
    var start = startIndex
    while let range = firstRange(ofText: text, from: start) {
      found.append(range)
      guard range.isEmpty else {
        start = range.upperBound
        continue
      }
      guard range.upperBound < endIndex else { break }
      start = index(after: range.upperBound)
    }
    return found
  }

  /// This string with every occurrence of `text` (``ranges(ofText:)``) replaced by `replacement`.
  package func replacing(text: some StringProtocol, with replacement: some StringProtocol)
    -> String
  {
    var result = ""
    var rest = startIndex
    for range in ranges(ofText: text) {
      result += self[rest..<range.lowerBound]
      result += replacement
      rest = range.upperBound
    }
    result += self[rest...]
    return result
  }

  /// The first occurrence of `text` that starts at `start` or after it.
  private func firstRange(ofText text: some StringProtocol, from start: Index) -> Range<Index>? {
    guard let first = text.first else { return start..<start }
    var from = start
    while let found = self[from...].firstIndex(of: first) {
      var mine = index(after: found)
      var theirs = text.index(after: text.startIndex)
      while theirs < text.endIndex, mine < endIndex, self[mine] == text[theirs] {
        formIndex(after: &mine)
        text.formIndex(after: &theirs)
      }
      if theirs == text.endIndex { return found..<mine }
      // The string ended before the text did: no later start leaves it more room.
      if mine == endIndex { return nil }
      from = index(after: found)
    }
    return nil
  }
}
