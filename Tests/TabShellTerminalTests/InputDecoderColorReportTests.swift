import TabShellKit
import TabShellTerminal
import Testing

/// The terminal's answers to the full-screen mode's questions for its default colours (OSC 10 and
/// 11): colour reports, whether they come in one read or several, ended by ST or BEL; anything
/// else in an OSC string is unknown, as before (docs/Contract.md, "The full-screen mode").
@Suite struct InputDecoderColorReportTests {
  static let reports: [(String, ColorReport)] = [
    (
      "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\",
      ColorReport(isBackground: true, color: .rgb(red: 255, green: 255, blue: 255))
    ),
    (
      "\u{1B}]10;rgb:1e1e/2020/2e2e\u{7}",
      ColorReport(isBackground: false, color: .rgb(red: 0x1E, green: 0x20, blue: 0x2E))
    ),
    // 1 to 4 digits a channel, either case, scaled to 8 bits.
    (
      "\u{1B}]11;rgb:f/80/ABC\u{7}",
      ColorReport(isBackground: true, color: .rgb(red: 255, green: 0x80, blue: 0xAB))
    ),
    (
      "\u{1B}]11;rgb:0000/8000/fdfd\u{1B}\\",
      ColorReport(isBackground: true, color: .rgb(red: 0, green: 0x80, blue: 0xFD))
    ),
  ]

  @Test(arguments: reports)
  func aColourAnswerIsReported(_ answer: String, _ report: ColorReport) {
    let bytes = Array(answer.utf8)
    var decoder = InputDecoder()
    #expect(
      decoder.feed(bytes + Array("a".utf8)) == [
        InputEvent(.colorReport(report), bytes: bytes),
        InputEvent(.key(Key("a")), bytes: Array("a".utf8)),
      ])
    // Split at every byte, and a byte at a time.
    for cut in 1..<bytes.count {
      var decoder = InputDecoder()
      let events = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...])
      #expect(events == [InputEvent(.colorReport(report), bytes: bytes)], "cut at \(cut)")
    }
    var bytewise = InputDecoder()
    #expect(
      bytes.flatMap { bytewise.feed([$0]) } == [InputEvent(.colorReport(report), bytes: bytes)])
  }

  @Test(arguments: [
    "\u{1B}]11;?\u{1B}\\",  // a query, not an answer
    "\u{1B}]11;rgb:ffff/ffff\u{7}",  // two channels
    "\u{1B}]11;rgb:fffff/0/0\u{7}",  // five digits
    "\u{1B}]11;rgb:ff/gg/00\u{7}",  // not hexadecimal
    "\u{1B}]11;rgb://\u{7}",  // empty channels
    "\u{1B}]11;#ffffff\u{7}",  // another form
    "\u{1B}]11;rgba:ffff/ffff/ffff/ffff\u{7}",
    "\u{1B}]13;rgb:ffff/ffff/ffff\u{7}",  // another number
    "\u{1B}]11;rgb:ffff/ffff/ffff;x\u{7}",  // more after it
    "\u{1B}]011;rgb:ffff/ffff/ffff\u{7}",
  ])
  func junkIsUnknown(_ answer: String) {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array(answer.utf8)) == [InputEvent(.unknown, bytes: Array(answer.utf8))])
  }

  @Test func aCancelledOrCutAnswerIsUnknown() {
    var decoder = InputDecoder()
    // Cancelled by CAN, then cut by another ESC that starts a key.
    #expect(
      decoder.feed(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{18}\u{1B}]10;rgb:0/0/0\u{1B}[A".utf8))
        .map(\.kind) == [.unknown, .unknown, .key(Key(.up))])
  }

  @Test(arguments: [
    ("", nil), ("\u{1B}", 25), ("\u{1B}]", 25), ("\u{1B}[1", 25),
    // An answer begun waits a second for its end (a slow link's next read), as a paste does.
    ("\u{1B}]1", 1_000), ("\u{1B}]11;rgb:ff", 1_000), ("\u{1B}P1$r", 1_000),
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}", 1_000), ("\u{1B}[200~abc", 1_000),
  ])
  func theDecoderWaitsLongerForAnAnswersEnd(_ bytes: String, _ patience: Int?) {
    var decoder = InputDecoder()
    _ = decoder.feed(Array(bytes.utf8))
    #expect(decoder.patience == patience)
  }

  @Test func theQueriesAreThoseTmuxSends() {
    #expect(ColorReport.queries == Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8))
  }
}
