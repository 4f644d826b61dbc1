import TabShellKit
import TabShellTerminal
import Testing

/// Strings the outer terminal sends as answers (DCS, OSC, APC, PM, SOS) are unknown events, which
/// no focus types, whether they come in one read or several; the same introducers alone, or
/// followed by what no answer starts with, are Alt with a key, as before (docs/Contract.md, "The
/// full-screen mode").
@Suite struct InputDecoderAnswerTests {
  static let answers: [String] = [
    "\u{1B}P1$r0;1m\u{1B}\\",  // DECRQSS
    "\u{1B}P>|xterm(388)\u{1B}\\",  // XTVERSION
    "\u{1B}P1+r524742\u{1B}\\",  // XTGETTCAP
    "\u{1B}P!|00000000\u{1B}\\",  // DECRPTUI
    "\u{1B}]4;1;rgb:cdcd/0000/0000\u{1B}\\",  // a palette colour, ST
    "\u{1B}]12;rgb:ffff/ffff/ffff\u{7}",  // the cursor's colour, BEL
    "\u{1B}_Gi=31;OK\u{1B}\\",  // kitty graphics
    "\u{1B}^private\u{1B}\\",  // PM
    "\u{1B}Xsos\u{1B}\\",  // SOS
    "\u{1B}]11;rgb:0000\u{18}",  // cancelled by CAN
  ]

  @Test(arguments: answers)
  func anAnswerIsUnknown(_ answer: String) {
    var decoder = InputDecoder()
    let events = decoder.feed(Array((answer + "a").utf8))
    #expect(events == [InputEvent(.unknown, bytes: Array(answer.utf8)), Self.key("a")])
    #expect(!decoder.hasPending)
  }

  @Test(arguments: answers)
  func anAnswerSplitAcrossReadsIsUnknown(_ answer: String) {
    let bytes = Array(answer.utf8)
    for cut in 1..<bytes.count {
      var decoder = InputDecoder()
      var events = decoder.feed(bytes[..<cut])
      events += decoder.feed(bytes[cut...] + Array("a".utf8))
      #expect(events == [InputEvent(.unknown, bytes: bytes), Self.key("a")], "cut at \(cut)")
    }
  }

  @Test func anotherEscapeEndsAnAnswerAndStartsASequence() {
    var decoder = InputDecoder()
    #expect(
      decoder.feed(Array("\u{1B}]11;rgb:0\u{1B}[A".utf8)) == [
        InputEvent(.unknown, bytes: Array("\u{1B}]11;rgb:0".utf8)),
        InputEvent(.key(Key(.up)), bytes: Array("\u{1B}[A".utf8)),
      ])
  }

  @Test(arguments: ["P", "]", "_", "^", "X"])
  func anIntroducerAloneIsAltWithTheKey(_ letter: String) {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}\(letter)".utf8)) == [])
    #expect(decoder.hasPending)
    #expect(
      decoder.flushPending() == [
        InputEvent(
          .key(Key(Character(letter), modifiers: .meta)), bytes: Array("\u{1B}\(letter)".utf8))
      ])
  }

  @Test(arguments: [
    // What no answer starts with, or keys typed after Alt-P in the same read (a control before
    // the end).
    ("\u{1B}Px", [Key("P", modifiers: .meta), Key("x")]),
    ("\u{1B}]a", [Key("]", modifiers: .meta), Key("a")]),
    ("\u{1B}P1\r", [Key("P", modifiers: .meta), Key("1"), Key(.enter)]),
    ("\u{1B}_ab\t", [Key("_", modifiers: .meta), Key("a"), Key("b"), Key(.tab)]),
  ])
  func keysAfterAnIntroducerAreKeys(_ input: String, _ keys: [Key]) {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array(input.utf8)).map(\.kind) == keys.map { .key($0) })
  }

  @Test func anOverlongAnswerIsDroppedToItsEnd() {
    var decoder = InputDecoder()
    let long = "\u{1B}P1+r" + String(repeating: "6", count: 10_000)
    let events = decoder.feed(Array((long + "\u{1B}\\b").utf8))
    #expect(events.map(\.kind) == [.unknown, .key(Key("b"))])
    #expect(events[0].bytes.count == 4_097)
  }

  static func key(_ text: String) -> InputEvent {
    InputEvent(.key(Key(Character(text))), bytes: Array(text.utf8))
  }
}
