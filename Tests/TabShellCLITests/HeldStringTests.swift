import Testing

@testable import TabShellTerminalScreen

/// An OSC string split over reads reaches the emulator whole, in one write, and nothing is lost
/// or reordered (``HeldString``); what is held stays within ``HeldString/limit`` whatever comes.
struct HeldStringTests {
  /// The writes `input` becomes when read in pieces split at `splits`, then flushed.
  static func writes(_ input: [UInt8], splits: [Int]) -> (writes: [[UInt8]], mostHeld: Int) {
    var held = HeldString()
    var writes: [[UInt8]] = []
    var mostHeld = 0
    var start = 0
    for end in splits + [input.count] {
      input[start..<end].withUnsafeBytes { piece in held.pass(piece) { writes.append(Array($0)) } }
      mostHeld = max(mostHeld, held.bytes.count)
      start = end
    }
    held.flush { writes.append(Array($0)) }
    return (writes, mostHeld)
  }

  static let title = Array("ab\u{1B}]2;a title\u{07}cd\u{1B}]0;two\u{1B}\\ef".utf8)

  @Test(arguments: 0...title.count)
  func aTitleSplitAnywhereComesWholeInOneWrite(split: Int) {
    let (writes, _) = Self.writes(Self.title, splits: [split])
    #expect(Array(writes.joined()) == Self.title)
    #expect(writes.contains { $0.contains(subsequence: Array("\u{1B}]2;a title\u{07}".utf8)) })
    #expect(writes.contains { $0.contains(subsequence: Array("\u{1B}]0;two\u{1B}\\".utf8)) })
  }

  @Test func aStringThatNeverEndsIsHeldNoMoreThanTheLimit() {
    let input =
      Array("\u{1B}]2;".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3 * HeldString.limit)
    let (writes, mostHeld) = Self.writes(
      input, splits: Array(stride(from: 7, to: input.count, by: 7)))
    #expect(mostHeld <= HeldString.limit)
    #expect(mostHeld > 0)
    #expect(Array(writes.joined()) == input)
  }

  /// A title written a byte at a time is looked at once, not again after each byte: the bytes
  /// held are not scanned again while nothing ends the string (it scanned up to 4 KiB a byte).
  @Test func aTitleWrittenAByteAtATimeIsLookedAtOnce() {
    let title = Array(repeating: UInt8(ascii: "t"), count: HeldString.limit - 100)
    let input = Array("ab\u{1B}]2;".utf8) + title + [0x07] + Array("cd".utf8)
    var held = HeldString()
    var writes: [[UInt8]] = []
    for byte in input {
      [byte].withUnsafeBytes { piece in held.pass(piece) { writes.append(Array($0)) } }
    }
    #expect(Array(writes.joined()) == input)
    #expect(writes.contains(Array("\u{1B}]2;".utf8) + title + [0x07]))
    #expect(held.bytesLookedAt <= 3 * input.count, "\(held.bytesLookedAt) bytes looked at")
  }

  @Test func aLastEscapeIsHeldUntilTheNextRead() {
    let input = Array("a\u{1B}[31mb".utf8)
    let (writes, _) = Self.writes(input, splits: [2])
    #expect(writes == [Array("a".utf8), Array("\u{1B}[31mb".utf8)])
  }
}

extension Array where Element == UInt8 {
  fileprivate func contains(subsequence: [UInt8]) -> Bool {
    guard subsequence.count <= count else { return false }
    return (0...(count - subsequence.count)).contains {
      self[$0..<($0 + subsequence.count)].elementsEqual(subsequence)
    }
  }
}
