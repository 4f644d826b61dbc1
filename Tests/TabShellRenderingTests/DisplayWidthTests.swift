import Glibc
@_spi(Host) import TabShellKit
import Testing

/// The core's `displayWidth` against glibc's `wcwidth` (UTF-8 locale), and the grapheme cases that
/// `wcwidth` cannot judge.
@Suite struct DisplayWidthTests {
  /// glibc's `wcwidth`, looked up at run time (Swift does not import it).
  private static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
  }()

  @Test func agreesWithGlibcWcwidthOnEveryAssignedCharacter() throws {
    #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    let wcwidth = try #require(Self.wcwidth)
    var mismatches: [String] = []
    var compared = 0
    for value in UInt32(0x20)...UInt32(0x3FFFF) {
      // Characters newer than Unicode 14 (glibc 2.35) may be unknown to the C library.
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        age.major < 14 || (age.major == 14 && age.minor == 0)
      else { continue }
      let expected = wcwidth(wchar_t(bitPattern: value))
      guard expected >= 0 else { continue }
      compared += 1
      let actual = displayWidth(of: Character(scalar))
      if actual != Int(expected) {
        mismatches.append("U+\(String(value, radix: 16)): \(actual), wcwidth \(expected)")
      }
    }
    #expect(compared > 100_000)
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
  }

  @Test(arguments: [
    ("Home", 4), ("首页", 4), ("ｈｏｍｅ", 8), ("e\u{301}", 1), ("한국어", 6),
    ("\u{1112}\u{1161}\u{11AB}", 2),
    ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("☆", 1), ("⌂", 1),
    ("\u{200B}", 0), ("a\u{0}b", 2), ("\u{AD}", 1), ("…", 1),
  ])
  func widthsOfSamples(text: String, width: Int) {
    #expect(displayWidth(of: text) == width, "\(text.unicodeScalars.map { $0.value })")
  }
}
