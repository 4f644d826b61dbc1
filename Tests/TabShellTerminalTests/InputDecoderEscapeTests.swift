import TabShellKit
import TabShellTerminal
import Testing

@Suite struct InputDecoderEscapeTests {
  static let flushed: [(String, [InputEvent.Kind])] = [
    ("\u{1B}", [key(.escape)]),
    ("\u{1B}\u{1B}", [key(.escape, .meta)]),
    ("\u{1B}[", [key("[", .meta)]),
    ("\u{1B}O", [key("O", .meta)]),
    ("\u{1B}\u{1B}[", [key(.escape, .meta), key("[")]),
    ("\u{1B}[1;", [.unknown]),
    ("\u{1B}[<0;1", [.unknown]),
    ("\u{1B}[M!", [.unknown]),
    ("\u{1B}[[", [.unknown]),
  ]

  @Test(arguments: flushed)
  func pendingBytesWaitForTheTimeout(input: String, expected: [InputEvent.Kind]) {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array(input.utf8)) == [])
    #expect(decoder.hasPending)
    let events = decoder.flushPending()
    #expect(events.map(\.kind) == expected)
    #expect(events.flatMap(\.bytes) == Array(input.utf8))
    #expect(!decoder.hasPending)
  }

  @Test func aCutUTF8CharacterIsPendingThenUnknown() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0xE4, 0xB8]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [InputEvent(.unknown, bytes: [0xE4, 0xB8])])
  }

  @Test func aSequenceCutByTheReadIsCompletedByTheNext() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)) == [])
    #expect(decoder.hasPending)
    #expect(
      decoder.feed(Array("3Dq".utf8)) == [
        InputEvent(key(.left, .meta), bytes: Array("\u{1B}[1;3D".utf8)),
        InputEvent(key("q"), bytes: [0x71]),
      ])
    #expect(!decoder.hasPending)
  }

  @Test func escThenAKeyInTheSameReadIsAlt() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed(Array("j".utf8)).map(\.kind) == [key("j", .meta)])
  }

  @Test func escAfterTheTimeoutThenAKeyIsEscThenTheKey() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPending().map(\.kind) == [key(.escape)])
    #expect(decoder.feed(Array("j".utf8)).map(\.kind) == [key("j")])
  }

  @Test func flushingWithNothingPendingDoesNothing() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("ab".utf8)).count == 2)
    #expect(!decoder.hasPending)
    #expect(decoder.flushPending() == [])
  }

  @Test func escapeBeforeABrokenByteIsEsc() {
    #expect(decode([0x1B, 0xFF]).map(\.kind) == [key(.escape), .unknown])
  }
}
