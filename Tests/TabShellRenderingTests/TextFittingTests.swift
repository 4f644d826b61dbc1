@_spi(Host) import TabShellKit
import TabShellRendering
import Testing

@Suite struct TextFittingTests {
  @Test(arguments: [
    ("5", "5"), ("99", "99"), ("100", "99+"), ("123456789012345678901234567890", "99+"),
    ("007", "7"), ("0", "0"), ("000", "0"), ("new", "new"), ("hello world", "hel…"), ("", "*"),
    ("  ", "*"), ("日本語", "日…"), ("-1", "-1"), ("a\u{1B}[31m", "a […"),
  ])
  func badges(raw: String, shown: String) {
    #expect(Renderer.badgeText(raw) == shown)
  }

  @Test func badgeWidthCanBeChosen() {
    #expect(Renderer.badgeText("hello", maxWidth: 8) == "hello")
    #expect(Renderer.badgeText("1000", maxWidth: 2) == "9…")
  }

  @Test(arguments: [
    ("Hello", 5, "Hello"), ("Hello!", 5, "Hell…"), ("首页消息", 8, "首页消息"), ("首页消息", 5, "首页…"),
    ("首页消息", 4, "首…"), ("首页消息", 2, "…"), ("Hello", 1, "…"), ("Hello", 0, ""), ("Hello", -3, ""),
    ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ("👍👍👍", 5, "👍👍…"), ("", 4, ""),
  ])
  func truncation(text: String, width: Int, expected: String) {
    let result = Renderer.truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(displayWidth(of: result) <= max(0, width))
  }

  @Test func controlCharactersNeverReachTheOutput() {
    #expect(Renderer.sanitized("a\nb\tc\u{1B}[2J\u{7F}\u{9B}") == "a b c [2J  ")
    #expect(Renderer.sanitized("首页 ✉") == "首页 ✉")
  }
}

@Suite struct RepeatedTextTests {
  @Test(arguments: [
    (" ", 0), (" ", 1), (" ", 200), ("─", 7), ("━", 1), ("ab", 3), ("", 5), ("x", -2),
  ])
  func repeatedIsTheStandardLibrarysRepetition(text: String, count: Int) {
    #expect(Renderer.repeated(text, count) == String(repeating: text, count: max(0, count)))
  }

  @Test(arguments: [
    ("", ""), ("   ", ""), ("a  ", "a"), ("a b", "a b"), (" a", " a"), ("首页  ", "首页"),
    ("e\u{301} ", "e\u{301}"), ("a \u{301}", "a \u{301}"), ("a\u{1B} ", "a\u{1B}"),
  ])
  func trailingBlanksAreTrimmedByCharacter(text: String, trimmed: String) {
    #expect(text.trimmingTrailingBlanks == trimmed)
    // The same as the character-by-character definition.
    let last = text.lastIndex { $0 != " " }
    #expect(trimmed == (last.map { String(text[...$0]) } ?? ""))
  }
}
