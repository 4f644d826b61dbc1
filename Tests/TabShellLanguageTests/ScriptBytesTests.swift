import Testing

@testable import TabShellLanguage

/// The checks of a script's bytes as they stream in, chunk by chunk: the same verdict whatever the
/// chunks, and the failure found in the chunk that brings it.
@Suite struct ScriptBytesTests {
  /// Feeds `bytes` in chunks of `size` bytes; returns the error's message (nil: accepted) and how
  /// many bytes had arrived when it was found.
  static func verdict(_ bytes: [UInt8], chunk size: Int) -> (message: String?, read: Int) {
    var checker = ScriptBytes(name: "s")
    var end = 0
    repeat {
      end = min(end + size, bytes.count)
      do throws(LanguageError) {
        try checker.check(bytes[..<end], atEnd: end == bytes.count)
      } catch {
        return (error.description, end)
      }
    } while end < bytes.count
    return (nil, end)
  }

  static let e = Array("é".utf8)
  static let mib = 1 << 20

  @Test(arguments: [1, 2, 3, 7, 64, 65_536])
  func aCharacterCutByAChunkIsWhole(chunk: Int) {
    let text = Array("echo ".utf8) + Self.e + Self.e + Array("t 消息 🙂\n".utf8)
    #expect(Self.verdict(text, chunk: chunk).message == nil)
  }

  @Test(arguments: [1, 3, 64])
  func badBytesAreFoundWhereTheyAre(chunk: Int) {
    let cut = Array("echo ok\necho ".utf8) + [0xC3]  // the input ends inside a character
    #expect(
      Self.verdict(cut, chunk: chunk).message
        == "cannot read 's': not UTF-8 text at line 2, column 6")
    let nul = Array("echo ok\necho a".utf8) + [0] + Array("b\n".utf8)
    #expect(
      Self.verdict(nul, chunk: chunk).message == "cannot read 's': a NUL byte at line 2, column 7")
    let invalid = Array("a\n\n".utf8) + Self.e + [0xFF, 0x41]
    #expect(
      Self.verdict(invalid, chunk: chunk).message
        == "cannot read 's': not UTF-8 text at line 3, column 2")
  }

  /// A line past 4 MiB is refused as soon as 4 MiB of it have come, not at its end.
  @Test func anOverLongLineIsRefusedBeforeItEnds() {
    let lines = Array("echo a\necho b\n".utf8)
    let long = lines + [UInt8](repeating: UInt8(ascii: "y"), count: 6 * Self.mib)
    let result = Self.verdict(long, chunk: Self.mib)
    #expect(result.message == "cannot read 's': line 3 is longer than 4 MiB")
    #expect(result.read == 5 * Self.mib)
    // Exactly 4 MiB is a line; so are many short ones.
    let full = lines + [UInt8](repeating: UInt8(ascii: "y"), count: 4 * Self.mib) + [10]
    #expect(Self.verdict(full, chunk: Self.mib).message == nil)
  }

  @Test func aLongLineBetweenShortOnesIsFound() {
    var bytes = [UInt8]()
    for _ in 0..<1_000 { bytes += Array("tab 1\n".utf8) }
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 4 * Self.mib + 1) + [10]
    for _ in 0..<1_000 { bytes += Array("tab 1\n".utf8) }
    #expect(
      Self.verdict(bytes, chunk: 3 * Self.mib).message
        == "cannot read 's': line 1001 is longer than 4 MiB")
  }

  /// More than 64 MiB in all is refused as soon as it has come.
  @Test func aScriptPast64MiBIsRefused() {
    let line = Array("swipe left\n".utf8)
    var bytes = [UInt8]()
    bytes.reserveCapacity(70 * Self.mib)
    while bytes.count < 70 * Self.mib { bytes += line }
    let result = Self.verdict(bytes, chunk: Self.mib)
    #expect(result.message == "cannot read 's': a script may hold at most 64 MiB")
    #expect(result.read == 65 * Self.mib)
  }
}
