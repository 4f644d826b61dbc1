@_spi(Host) import TabShellKit
import TabShellPlatform
import Testing

/// The static `tabshell` client does not link the core, so it writes names out with
/// ``TerminalText/neutralized(_:keepingLines:)``, its own copy of the core's rule: the two agree
/// on every scalar of the Basic Multilingual Plane and on text with lines, both ways.
@Suite struct NeutralizedAgreementTests {
  @Test(arguments: [false, true])
  func theTwoAgreeOnEveryScalar(_ keepingLines: Bool) {
    var disagreements: [String] = []
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "a" + String(Character(scalar)) + "b"
      let core = neutralized(text, keepingLines: keepingLines)
      if TerminalText.neutralized(text, keepingLines: keepingLines) != core {
        disagreements.append(String(value, radix: 16))
      }
    }
    #expect(disagreements == [])
  }

  /// The predicate under both: the same scalars are controls.
  @Test func theirControlsAreTheSame() {
    let disagreements = (UInt32(0)...0xFFFF).compactMap(Unicode.Scalar.init).filter {
      TerminalText.isTerminalControl($0) != isTerminalControl($0)
    }
    #expect(disagreements == [])
    #expect(isTerminalControl("\u{202E}") && isTerminalControl("\u{9B}") && !isTerminalControl("a"))
  }

  @Test(arguments: [
    "", "plain", "tab\there", "two\nlines\r\n", "\u{1B}]0;x\u{07}", "\u{9B}2J\u{7F}",
    "a\u{202E}b\u{2066}c\u{200F}", "é\u{301}漢字🙂", "\\u{1B} as it is",
  ])
  func theTwoAgreeOnText(_ text: String) {
    for keepingLines in [false, true] {
      #expect(
        TerminalText.neutralized(text, keepingLines: keepingLines)
          == neutralized(text, keepingLines: keepingLines))
    }
  }
}
