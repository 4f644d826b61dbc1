import Testing

@testable import TabShellLanguage

/// The lexer: words, quotes, escapes, comments, `;`, continuations, and where each word starts.
struct LexerTests {
  /// A source and the words of each command it holds.
  static let splitting: [(String, [[String]])] = [
    ("tab 1", [["tab", "1"]]),
    ("  swipe   left  ", [["swipe", "left"]]),
    ("tab 1; tab 2", [["tab", "1"], ["tab", "2"]]),
    ("tab 1;tab 2;", [["tab", "1"], ["tab", "2"]]),
    ("a\n\n\nb", [["a"], ["b"]]),
    ("echo 'single quoted'", [["echo", "single quoted"]]),
    ("echo \"double quoted\"", [["echo", "double quoted"]]),
    ("echo \"a \\\"b\\\" \\\\ c\\nd\"", [["echo", "a \"b\" \\ c\nd"]]),
    ("echo \"\\t stays\"", [["echo", "\\t stays"]]),
    ("echo 'no \\n escapes'", [["echo", "no \\n escapes"]]),
    ("echo a\\ b", [["echo", "a b"]]),
    ("echo a\\;b", [["echo", "a;b"]]),
    ("echo 'a;b' \"c#d\"", [["echo", "a;b", "c#d"]]),
    ("echo x # comment", [["echo", "x"]]),
    ("# only a comment", []),
    ("echo a#b", [["echo", "a#b"]]),
    ("echo a #b", [["echo", "a"]]),
    ("echo 'a'#b", [["echo", "a#b"]]),
    ("echo ab\"cd\"'ef'", [["echo", "abcdef"]]),
    ("echo ''", [["echo", ""]]),
    ("echo a \\\n  b", [["echo", "a", "b"]]),
    ("echo a \\\r\n  b", [["echo", "a", "b"]]),
    ("echo 首页 ★", [["echo", "首页", "★"]]),
    ("\t\r\n", []),
  ]

  @Test(arguments: splitting)
  func splitsWords(source: String, expected: [[String]]) {
    let (commands, errors) = Lexer.lex(source)
    #expect(errors.isEmpty)
    #expect(commands.map { $0.words.map(\.text) } == expected)
  }

  /// A source, and the line:column of every word.
  static let locations: [(String, [String])] = [
    ("tab 1", ["1:1", "1:5"]),
    ("tab 1; swipe left", ["1:1", "1:5", "1:8", "1:14"]),
    ("\n  tab 2", ["2:3", "2:7"]),
    ("add-tab text \\\n  --id a", ["1:1", "1:9", "2:3", "2:8"]),
    ("echo 首页 x", ["1:1", "1:6", "1:9"]),
    ("echo \"a b\" c", ["1:1", "1:6", "1:12"]),
    ("a \\\n\\\n b", ["1:1", "3:2"]),
  ]

  @Test(arguments: locations)
  func locatesWords(source: String, expected: [String]) {
    let words = Lexer.lex(source).commands.flatMap(\.words)
    #expect(words.map(\.location.description) == expected)
  }

  /// A source, and its errors as `LINE:COL message`.
  static let errors: [(String, [String])] = [
    ("echo 'open", ["1:6 unterminated ' quote"]),
    ("echo \"open", ["1:6 unterminated \" quote"]),
    ("tab 1\necho \"a\nb\"", ["2:6 unterminated \" quote", "3:2 unterminated \" quote"]),
    ("echo 'a\nok\necho 'b", ["1:6 unterminated ' quote", "3:6 unterminated ' quote"]),
  ]

  @Test(arguments: errors)
  func reportsEveryError(source: String, expected: [String]) {
    let found = Lexer.lex(source).errors.map { "\($0.0) \($0.1)" }
    #expect(found == expected)
  }

  /// Plain lines: words and blanks only, as the parser's scan finds them.
  static let plainLines = [
    "tab 1", "  swipe   left  ", "\techo 首页\t★ x", "a", "add-tab text --id é-1", "x\u{301}y z",
  ]

  @Test(arguments: plainLines)
  func splitsAPlainLineAsTheStateMachineDoes(line: String) {
    // After a first line, so that the line starts inside the text.
    var source = "tab 2\n" + line + "\n"
    let (plain, lexed) = source.withUTF8 { bytes in
      let start = "tab 2\n".utf8.count
      return (
        Lexer.plainLine(bytes, from: start, to: bytes.count - 1, line: 2),
        Lexer.lexLine(bytes, from: start, line: 2).commands
      )
    }
    #expect(lexed.count == 1)
    #expect(plain.map { [$0] } == lexed)
  }

  @Test func dropsTheRestOfALineWithAnError() {
    let (commands, _) = Lexer.lex("echo 'a; tab 1\ntab 2")
    #expect(commands.map { $0.words.map(\.text) } == [["tab", "2"]])
  }
}
