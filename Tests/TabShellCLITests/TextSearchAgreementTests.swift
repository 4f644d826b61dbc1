import TabShellPlatform
import Testing

/// The shell's modules are built without _StringProcessing, and search strings with
/// TabShellPlatform's `contains(text:)`, `firstRange(ofText:)`, `ranges(ofText:)` and
/// `replacing(text:with:)` instead: these tests, which import it, hold the two to the same
/// answers, Characters and canonical equivalence included.
@Suite struct TextSearchAgreementTests {
  static let texts = [
    "", "a", "abc", "abcabc", "aaaa", "xterm-256color", "e\u{301}", "\u{E9}",
    "caf\u{E9} cafe\u{301}", "e\u{301}e", "\u{301}e", "🙂🙂a🙂", "👩‍👩‍👧 family", "\r\n\n",
    "a\u{A0}b\u{A0}", "$tab and $id", "path/to/lib.so: cannot open", "\\ and \" and '", "abababa",
  ]
  static let needles = [
    "", "a", "b", "abc", "aa", "ab", "aba", "e", "\u{E9}", "e\u{301}", "\u{301}", "cafe", "🙂",
    "👩", "\n", "\r\n", "\u{A0}", "$tab", "256color", "lib.so", "\\", "\"", "'", "abababa", "zzz",
  ]

  static var pairs: [(String, String)] { texts.flatMap { text in needles.map { (text, $0) } } }

  /// _StringProcessing's `contains(_:)` is `firstRange(of:) != nil`. (In this test module a plain
  /// `contains(_:)` of two strings is Foundation's, which other files import: it finds no empty
  /// string, and finds a combining mark inside a Character.)
  @Test func containsAgrees() {
    let disagreements = Self.pairs.filter {
      $0.contains(text: $1) != ($0.firstRange(of: $1) != nil)
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  @Test func firstRangeAgrees() {
    let disagreements = Self.pairs.filter { $0.firstRange(ofText: $1) != $0.firstRange(of: $1) }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  @Test func rangesAgree() {
    let disagreements = Self.pairs.filter { $0.ranges(ofText: $1) != $0.ranges(of: $1) }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  @Test func replacingAgrees() {
    let disagreements = Self.pairs.filter {
      $0.replacing(text: $1, with: "<\($1)>") != $0.replacing($1, with: "<\($1)>")
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
  }

  /// On substrings, whose indices are the string's.
  @Test func substringsAgree() {
    for (text, needle) in Self.pairs {
      let inner = text.dropFirst()
      #expect(inner.ranges(ofText: needle) == inner.ranges(of: needle), "\(text) \(needle)")
      #expect(
        inner.contains(text: needle[...]) == (inner.firstRange(of: needle[...]) != nil),
        "\(text) \(needle)")
    }
  }

  /// Canonical equivalence, and whole Characters only.
  @Test func charactersAreCompared() {
    #expect("caf\u{E9}".contains(text: "cafe\u{301}"))
    #expect("cafe\u{301}".contains(text: "caf\u{E9}"))
    #expect(!"cafe\u{301}".contains(text: "cafe"))
    #expect(!"👩‍👩‍👧".contains(text: "👩"))
  }
}
