/// How two texts differ, line by line, in words: where the first difference is, and the lines from
/// there, expected and actual. For `expect frame` and the test runner's expected output files.
package enum LineDifference {
  /// How many lines are shown, from the first that differs.
  static let shownLines = 3

  /// `at line N (...)` and the lines that differ, or `nil` when the texts are the same. Control
  /// characters in the lines are written as `\u{1B}`.
  package static func describe(expected: [String], actual: [String]) -> String? {
    guard expected != actual else { return nil }
    let count = max(expected.count, actual.count)
    var first = 0
    while first < count, line(first, of: expected) == line(first, of: actual) { first += 1 }
    let shown = first..<min(count, first + shownLines)
    var message = "at line \(first + 1)"
    if expected.count != actual.count {
      message += " (expected \(expected.count) lines, got \(actual.count))"
    }
    message += "\n  expected:" + block(shown, of: expected)
    return message + "\n  actual:" + block(shown, of: actual)
  }

  /// The lines of a text; a last newline ends the last line, it does not start another.
  package static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func line(_ index: Int, of lines: [String]) -> String? {
    index < lines.count ? lines[index] : nil
  }

  private static func block(_ range: Range<Int>, of lines: [String]) -> String {
    let width = String(range.upperBound).count
    return range.map { index in
      let number = String(index + 1)
      let padding = String(repeating: " ", count: width - number.count)
      let text = line(index, of: lines).map { "| " + Checks.shown($0) } ?? "(no line)"
      return "\n    \(padding)\(number) \(text)"
    }.joined()
  }
}
