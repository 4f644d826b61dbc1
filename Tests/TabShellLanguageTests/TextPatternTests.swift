import Foundation
import TestSupport
import Testing

@testable import TabShellLanguage

/// The regular expressions of `wait-for --regex` (docs/Contract.md, "Regular expressions"): what
/// they match, the mistakes and what they refuse, and a search's cost, which grows with the text
/// and never explodes as a backtracking one's does.
struct TextPatternTests {
  static let matching: [(String, String, Bool)] = [
    ("abc", "xxabcxx", true), ("abc", "ab c", false), ("", "", true), ("", "x", true),
    ("a.c", "abc", true), ("a.c", "a\nc", false), ("(?s)a.c", "a\nc", true),
    ("^\\$ $", "out\n$ ", true), ("^b", "a\nb", true), ("a$", "a\nb", true), ("^b$", "ab", false),
    ("\\Ab", "a\nb", false), ("\\Aa", "a\nb", true), ("a\\z", "a\nb", false),
    ("b\\z", "a\nb", true),
    ("colou?r", "color", true), ("colou?r", "colouur", false), ("ab*c", "ac", true),
    ("ab+c", "ac", false), ("ab+c", "abbbc", true), ("a{3}", "aa", false), ("a{3}", "aaa", true),
    ("^a{2,3}$", "aaaa", false), ("^a{2,}$", "aaaaaa", true), ("a{,2}", "a{,2}", true),
    ("a{x}", "a{x}", true), ("x{0}y", "y", true), ("(ab)+$", "ababab", true),
    ("(?:ab|cd)+e", "abcdcde", true), ("cat|dog", "hotdog", true), ("cat|dog", "cow", false),
    ("a|", "b", true), ("[abc]+", "xcabx", true), ("[^abc]", "abc", false), ("[a-c]x", "bx", true),
    ("[]a]", "]", true), ("[a-]", "-", true), ("[\\d-]x", "-x", true), ("\\d+", "ab 42", true),
    ("\\D", "123", false), ("\\w+", "__", true), ("\\W", "ab_9", false), ("a\\sb", "a\tb", true),
    ("a\\Sb", "a b", false), ("\\bcat\\b", "a cat.", true), ("\\bcat\\b", "concat", false),
    ("\\Bcat", "concat", true), ("\\(END\\)", "(END)", true), ("\\.", "x", false),
    ("\\x41\\u{42}\\u0043", "ABC", true), ("\\e\\[", "\u{1B}[", true), ("\\t", "\t", true),
    ("(?i)hello", "HeLLo", true), ("hello", "HeLLo", false), ("(?i)[a-c]+", "ABC", true),
    ("(?i:a)b", "Ab", true), ("(?i:a)b", "AB", false), ("a(?i)b|c", "aB", true),
    ("a(?i)b|c", "C", true), ("(?i)straße", "STRASSE", false), ("(?i)é", "É", true),
    ("(?<word>ab)c", "abc", true), ("(?P<w>a)", "a", true), ("(?'w'a)", "a", true),
    ("a*?b", "aab", true), ("a+?", "a", true), ("a{1,2}?b", "ab", true), ("[é-ë]", "ê", true),
    ("\\d", "٣", true), ("\\w", "ж", true), ("\\s", "\u{A0}", true), ("a\\-b", "a-b", true),
    ("(((a)))", "a", true), ("(|a)+b", "b", true), ("(a*)*b", "aaab", true), ("(a*)+$", "", true),
    ("^$", "a\n\nb", true), ("^$", "ab", false), ("x*", "", true), ("(^a|b)+", "ab", true),
  ]

  @Test(arguments: matching)
  func matchesAsTheSyntaxSays(_ source: String, _ text: String, _ expected: Bool) throws {
    let pattern = try TextPattern(source)
    #expect(pattern.matches(text) == expected)
    // A search taken one step at a time says the same.
    var search = pattern.search(in: text)
    var outcome = PatternSearch.Outcome.unfinished
    var slices = 0
    while outcome == .unfinished, slices < 100_000 {
      outcome = search.run(steps: 1)
      slices += 1
    }
    #expect(outcome == (expected ? .found : .notFound))
  }

  static let mistakes: [(String, String)] = [
    ("(a", "the '(' at character 1 is not closed"),
    ("a)", "the ')' at character 2 closes no '('"),
    ("[ab", "the '[' at character 1 is not closed"), ("[]", "the '[' at character 1 is not closed"),
    ("*a", "the '*' at character 1 has nothing to repeat"),
    ("a|+", "the '+' at character 3 has nothing to repeat"),
    ("({2})", "the '{' at character 2 has nothing to repeat"),
    ("a**", "the '*' at character 3 repeats a count"),
    ("a{2}{3}", "the '{' at character 5 repeats a count"),
    ("a{1001}", "the count '{1001}' at character 2 is over 1000"),
    ("a{99999999999999999999}", "the count '{99999999999999999999}' at character 2 is over 1000"),
    ("a{3,2}", "the count '{3,2}' at character 2 has its minimum above its maximum"),
    ("[z-a]", "the range 'z-a' at character 2 goes backwards"),
    ("[a-\\d]", "the range at character 2 ends in a class"),
    ("[\\b]", "'\\b' at character 2 means nothing in a class"),
    ("a\\", "the '\\' at the end escapes nothing"),
    ("\\q", "'\\q' at character 1 is not an escape this syntax knows"),
    ("\\Z", "'\\Z' at character 1 is not an escape this syntax knows"),
    ("\\x4", "the escape '\\x4' at character 1 is not a Unicode scalar in hex"),
    ("\\u{110000}", "the escape '\\u{110000}' at character 1 is not a Unicode scalar in hex"),
    ("\\u{D800}", "the escape '\\u{D800}' at character 1 is not a Unicode scalar in hex"),
    ("(?x)a", "the flag 'x' at character 3 is not supported (only i, s and m)"),
    ("(?#c)", "the group at character 1 starts with '(?' and nothing this syntax knows"),
    ("(?<a b>c)", "the group at character 1 has no name closed by '>'"),
    ("(a)\\1", unsupported("a backreference ('\\1')", 4)),
    ("(?<n>a)\\k<n>", unsupported("a backreference ('\\k')", 8)),
    ("(?P<n>a)(?P=n)", unsupported("a backreference ('(?P=')", 9)),
    ("a(?=b)", unsupported("a lookahead ('(?=')", 2)),
    ("a(?!b)", unsupported("a lookahead ('(?!')", 2)),
    ("(?<=a)b", unsupported("a lookbehind ('(?<=')", 1)),
    ("(?<!a)b", unsupported("a lookbehind ('(?<!')", 1)),
    ("(?>a+)b", unsupported("an atomic group ('(?>')", 1)),
    ("a++", unsupported("a possessive count ('++')", 2)),
    ("a{2}+", unsupported("a possessive count ('{2}+')", 2)),
    ("\\p{L}", unsupported("a Unicode property ('\\p')", 1)),
    ("[[:alpha:]]", unsupported("a POSIX class ('[:')", 2)),
    ("\u{1B}(", "the '(' at character 2 is not closed"),
    ("[\u{1B}-\u{7}]", "the range '\\u{1B}-\\u{7}' at character 2 goes backwards"),
    (String(repeating: "(", count: 101), "the groups nest more than 100 deep at character 101"),
    (
      "a{1000}b{1000}c{1000}d{1000}e{1000}f{1000}g{1000}h{1000}i{1000}j{1000}k",
      "it is too large: more than 10000 steps once its counts are written out"
    ),
    (
      "((a{1000}){1000}){1000}",
      "it is too large: far more than 10000 steps once its counts are "
        + "written out"
    ),
  ]

  static func unsupported(_ what: String, _ character: Int) -> String {
    "\(what) at character \(character) is not supported: a search here takes time linear in the "
      + "text"
  }

  @Test(arguments: mistakes)
  func aMistakeSaysWhatAndWhere(_ source: String, _ message: String) {
    #expect(throws: PatternError(message)) { try TextPattern(source) }
  }

  /// The expressions that make a backtracking engine take exponential time (the issue's
  /// `(a+)+$` among them) take at most (characters + 1) × (4 × size + 2) steps here: counted, not
  /// timed.
  @Test(arguments: [
    "(a+)+$", "(a*)*b", "(a|a)*b", "(a|aa)+c", "(x+x+)+y", "(.*a){12}!", "^(a?){25}a{25}$",
    "(\\w+\\s?)+$", "(a+)+(b+)+c",
  ])
  func aSearchTakesStepsLinearInTheText(_ source: String) throws {
    let pattern = try TextPattern(source)
    let size = pattern.program.steps.count
    for count in [18, 20, 26, 10_000] {
      let text = String(repeating: "a", count: count) + "!"
      var search = pattern.search(in: text)
      let outcome = search.run(steps: .max)
      #expect(outcome != .unfinished)
      let characters = text.unicodeScalars.count
      #expect(search.stepsTaken <= (characters + 1) * (4 * size + 2))
    }
  }

  /// Any text is an expression or a mistake, never a crash: random texts of the syntax's
  /// characters (and others), and each expression that compiles searches a random text to an end
  /// within its bound.
  @Test func anyTextCompilesOrSaysWhyAndSearchesEnd() {
    var random = SplitMix64(seed: 340)
    let pieces = [
      "(", ")", "[", "]", "{", "}", "|", "*", "+", "?", ".", "^", "$", "\\", "-", ",", ":", "<",
      ">", "=", "!", "'", "a", "b", "é", "\u{1B}", "0", "9", "1", "x", "u", "d", "w", "s", "b",
      "B", "A", "z", "i", "P", "k", "p", "#", " ", "\n",
    ]
    var compiled = 0
    for _ in 0..<20_000 {
      let source = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      guard let pattern = try? TextPattern(source) else { continue }
      compiled += 1
      let text = String(
        (0..<Int.random(in: 0...20, using: &random)).map { _ in
          "ab é\n-x".randomElement(using: &random)!
        })
      var search = pattern.search(in: text)
      #expect(search.run(steps: .max) != .unfinished)
      let bound = (text.unicodeScalars.count + 1) * (4 * pattern.program.steps.count + 2)
      #expect(search.stepsTaken <= bound, "\(source) on \(text.debugDescription)")
    }
    #expect(compiled > 1_000)
  }

  /// Random expressions over a small alphabet agree with Swift's own (backtracking) `Regex`, with
  /// its anchors at line ends and its simple word boundaries, on random short texts.
  @Test func randomExpressionsAgreeWithSwiftsRegex() throws {
    var random = SplitMix64(seed: 34)
    var compared = 0
    for _ in 0..<400 {
      let source = Self.randomExpression(&random, depth: 0)
      let pattern = try TextPattern(source)
      let swift = try Regex(source).anchorsMatchLineEndings().wordBoundaryKind(.simple)
      for _ in 0..<12 {
        let length = Int.random(in: 0...10, using: &random)
        let text = String((0..<length).map { _ in "ab\n -".randomElement(using: &random)! })
        #expect(
          pattern.matches(text) == (text.firstMatch(of: swift) != nil),
          "\(source) on \(text.debugDescription)")
        compared += 1
      }
    }
    #expect(compared == 4_800)
  }

  /// An expression of up to four parts, each a character, a class, an anchor or (two deep at
  /// most) a group of alternatives, maybe counted. A group is counted only by `?` or `{2}`: the
  /// backtracking `Regex` compared with takes minutes over a counted group of counted parts.
  static func randomExpression(_ random: inout SplitMix64, depth: Int) -> String {
    let atoms = ["a", "b", ".", "[ab]", "[^a]", "\\w", "\\s", "^", "$", "\\b", "-", "\\n"]
    var expression = ""
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      var atom = atoms.randomElement(using: &random)!
      var counts = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?"]
      if depth < 2, Int.random(in: 0..<5, using: &random) == 0 {
        let alternatives = (0..<Int.random(in: 1...3, using: &random)).map { _ in
          randomExpression(&random, depth: depth + 1)
        }
        atom = "(" + alternatives.joined(separator: "|") + ")"
        counts = ["", "?", "{2}"]
      }
      let repeatable = !["^", "$", "\\b"].contains(atom)
      expression += atom + (repeatable ? counts.randomElement(using: &random)! : "")
    }
    return expression
  }
}
