@_spi(Host) import TabShellKit
import Testing

/// "Did you mean": the closest name within the allowed number of edits, and bounded work whatever the
/// word and the names.
@Suite struct SuggestionTests {
  static let commands = [
    "tab", "tabs", "swipe", "show", "show-bar", "hide-bar", "add-tab", "layout",
  ]

  @Test(arguments: [
    ("swip", "swipe"),  // one letter missing
    ("swipee", "swipe"),  // one too many
    ("swpie", "swipe"),  // two neighbours swapped: one edit
    ("SWIPE", "swipe"),  // case aside
    ("lyaotu", "layout"),  // three edits: the most for six letters
    ("add-tba", "add-tab"),
    ("tbas", "tabs"),
    ("ta", "tab"),  // two letters: one edit allowed
  ])
  func suggests(word: String, expected: String) {
    #expect(closestMatch(to: word, in: Self.commands) == expected)
  }

  @Test(arguments: [
    "x",  // one letter: one edit, and no one-letter-away name
    "lyotuaa",  // four edits
    "zzzzz",
    "",
    "showbarhidebar",
  ])
  func suggestsNothingFarAway(word: String) {
    #expect(closestMatch(to: word, in: Self.commands) == nil)
  }

  @Test func theFirstOfEquallyCloseNamesWins() {
    #expect(closestMatch(to: "tax", in: ["tab", "tan"]) == "tab")
    #expect(closestMatch(to: "tax", in: ["tan", "tab"]) == "tan")
    #expect(closestMatch(to: "tabz", in: ["tab", "tabs"]) == "tab")
    #expect(closestMatch(to: "tab", in: [String]()) == nil)
  }

  /// A megabyte word against short names: nothing, at once (the word is not even read to its end).
  @Test func aHugeWordAgainstShortNames() {
    let word = String(repeating: "x", count: 1 << 20)
    #expect(closestMatch(to: word, in: Self.commands) == nil)
  }

  /// Two long names one edit apart: found, looking only near the diagonal of the edit table (a full
  /// table would have 10^10 cells).
  @Test func twoLongNamesOneEditApart() {
    let name = String(repeating: "ab", count: 50_000)
    let word = "b" + name.dropFirst()
    #expect(closestMatch(to: word, in: ["other", name]) == name)
    #expect(closestMatch(to: word + "xyzw", in: [name]) == nil)
  }
}
