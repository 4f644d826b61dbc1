import TabShellTerminal
import TestSupport
import Testing

/// Random input, split at random places: the events never depend on the split, decoding never
/// crashes or sticks, and the events' bytes give back the input exactly.
@Suite struct InputDecoderPropertyTests {
  /// Pieces a stream is made of: keys, mouse reports, pastes, text, and broken sequences.
  static let vocabulary: [String] = [
    "a", "Z", " ", "é", "中", "😀", "👨‍👩‍👧", "\r", "\t", "\u{7F}", "\u{03}", "\u{1A}", "\u{1B}",
    "\u{1B}[A", "\u{1B}[1;5C", "\u{1B}[1;3D", "\u{1B}\u{1B}[D", "\u{1B}OP", "\u{1B}[15~",
    "\u{1B}[3;5~", "\u{1B}[Z", "\u{1B}1", "\u{1B}x", "\u{1B}[[B", "\u{1B}[27;5;13~", "\u{1B}[97;5u",
    "\u{1B}[<0;10;5M", "\u{1B}[<32;11;5M", "\u{1B}[<0;11;5m", "\u{1B}[<65;3;4M", "\u{1B}[M !!",
    "\u{1B}[I", "\u{1B}[O", "\u{1B}[200~paste 中\r\u{1B}[20\u{1B}[201~", "\u{1B}[200~\u{1B}[201~",
    "\u{1B}[?1;2c", "\u{1B}[", "\u{1B}O", "\u{1B}[1;", "\u{1B}[<0;1",
  ]

  static func stream(seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 1...120, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<2:
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          bytes.append(UInt8.random(in: 0...255, using: &generator))
        }
      default:
        bytes += Array(vocabulary.randomElement(using: &generator).map(\.utf8) ?? "".utf8)
      }
    }
    return bytes
  }

  /// Decodes `bytes` in chunks cut at `cuts`, then ends what is left (pending bytes, an open paste).
  static func decode(_ bytes: [UInt8], cuts: [Int]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
      events += decoder.feed(bytes[start..<cut])
      start = cut
    }
    events += decoder.flushPending()
    events += decoder.finishPaste()
    #expect(!decoder.hasPending && !decoder.isInPaste)
    return events
  }

  @Test(arguments: 0..<200)
  func splittingChangesNothing(seed: Int) {
    let bytes = Self.stream(seed: UInt64(seed))
    let whole = Self.decode(bytes, cuts: [])
    #expect(whole.flatMap(\.bytes) == bytes, "seed \(seed): bytes lost or added")
    var generator = SplitMix64(seed: UInt64(seed) &+ 1_000_000)
    for _ in 0..<5 {
      let count = Int.random(in: 1...max(1, bytes.count), using: &generator)
      let cuts = (0..<count).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
        .sorted()
      #expect(Self.decode(bytes, cuts: cuts) == whole, "seed \(seed), cuts \(cuts)")
    }
    let oneByOne = Self.decode(bytes, cuts: Array(0..<bytes.count))
    #expect(oneByOne == whole, "seed \(seed), one byte at a time")
  }

  @Test(arguments: 0..<50)
  func randomBytesNeverStick(seed: Int) {
    var generator = SplitMix64(seed: UInt64(seed) &* 7_919)
    let bytes = (0..<2_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let events = Self.decode(bytes, cuts: [700, 701, 1_500])
    #expect(events.flatMap(\.bytes) == bytes)
    #expect(events.allSatisfy { !$0.bytes.isEmpty })
  }
}
