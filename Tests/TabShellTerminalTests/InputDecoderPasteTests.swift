import TabShellKit
import TabShellTerminal
import Testing

@Suite struct InputDecoderPasteTests {
  static let start = Array("\u{1B}[200~".utf8)
  static let end = Array("\u{1B}[201~".utf8)

  @Test func aPasteIsOneEventWithItsBytes() {
    let body = Array("ls -l\r\u{1B}[A\ttab 中".utf8)
    let input = Self.start + body + Self.end + Array("x".utf8)
    #expect(
      decode(input) == [
        InputEvent(.paste(Paste(bytes: body)), bytes: Self.start + body + Self.end),
        InputEvent(key("x"), bytes: [0x78]),
      ])
    #expect(Paste(bytes: body).text == "ls -l\r\u{1B}[A\ttab 中")
  }

  @Test func anEmptyPaste() {
    #expect(
      decode(Self.start + Self.end) == [
        InputEvent(.paste(Paste(bytes: [])), bytes: Self.start + Self.end)
      ])
  }

  @Test func theEndMarkerIsFoundWhenReadsCutIt() {
    let body = Array("a\u{1B}[20x\u{1B}\u{1B}[201".utf8)
    let input = Self.start + body + Self.end
    for cut in 1..<input.count {
      var decoder = InputDecoder()
      let events = decoder.feed(input[..<cut]) + decoder.feed(input[cut...])
      #expect(events == [InputEvent(.paste(Paste(bytes: body)), bytes: input)], "cut at \(cut)")
      #expect(!decoder.isInPaste)
    }
  }

  @Test func aPastePastTheLimitIsTruncatedAtACharacterBoundary() {
    let body = Array("abc中def".utf8)
    // Five bytes would cut 中 (three bytes from the fourth): the paste keeps "abc".
    let events = decode(Self.start + body + Self.end + [0x71], pasteLimit: 5)
    let kept = Array("abc".utf8)
    #expect(
      events == [
        InputEvent(
          .paste(Paste(bytes: kept, isTruncated: true)), bytes: Self.start + kept + Self.end),
        InputEvent(key("q"), bytes: [0x71]),
      ])
  }

  @Test func aPasteExactlyAtTheLimitIsWhole() {
    let body = Array("abcd".utf8)
    #expect(
      decode(Self.start + body + Self.end, pasteLimit: 4).map(\.kind) == [
        .paste(Paste(bytes: body))
      ])
  }

  @Test func aLongPasteKeepsBoundedMemory() {
    var decoder = InputDecoder(pasteLimit: 1_000)
    #expect(decoder.feed(Self.start) == [])
    let chunk = [UInt8](repeating: 0x61, count: 65_536)
    for _ in 0..<16 { #expect(decoder.feed(chunk) == []) }
    #expect(decoder.isInPaste)
    #expect(!decoder.hasPending)
    let events = decoder.feed(Self.end)
    let kept = [UInt8](repeating: 0x61, count: 1_000)
    #expect(
      events == [
        InputEvent(
          .paste(Paste(bytes: kept, isTruncated: true)), bytes: Self.start + kept + Self.end)
      ])
  }

  @Test func finishPasteEndsAPasteWithoutItsMarker() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Self.start + Array("abc\u{1B}[20".utf8)) == [])
    #expect(decoder.isInPaste)
    let body = Array("abc\u{1B}[20".utf8)
    #expect(
      decoder.finishPaste() == [InputEvent(.paste(Paste(bytes: body)), bytes: Self.start + body)])
    #expect(!decoder.isInPaste)
    #expect(decoder.finishPaste() == [])
    #expect(decoder.feed([0x61]).map(\.kind) == [key("a")])
  }
}
