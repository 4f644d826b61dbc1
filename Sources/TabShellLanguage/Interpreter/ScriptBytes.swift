import TabShellPlatform

/// The checks of a script's bytes as they arrive, chunk by chunk: no NUL byte, valid UTF-8, no line
/// longer than ``TextFile/maximumLineBytes``, no more than ``TextFile/maximumScriptBytes`` in all.
/// Each byte is looked at once; a failure names the place (`line L, column C`).
struct ScriptBytes {
  /// The name errors give the script.
  let name: String
  /// The bytes checked so far (a prefix of what ``check(_:atEnd:)`` is given).
  private var checked = 0
  /// Where the line being read starts.
  private var lineStart = 0

  init(name: String) {
    self.name = name
  }

  /// Checks the bytes of `bytes` not checked yet (`bytes` is all that arrived so far, from the
  /// start); at the end of the input, a sequence cut short is an error too.
  mutating func check(_ bytes: ArraySlice<UInt8>, atEnd: Bool) throws(LanguageError) {
    guard bytes.count <= TextFile.maximumScriptBytes else {
      throw .cannotRead(path: name, reason: TextFile.tooLarge)
    }
    let end = bytes.endIndex
    let new = bytes[checked...]
    if let nul = new.withContiguousStorageIfAvailable({ Self.offset(of: 0, in: $0) }) ?? nil {
      throw .cannotRead(
        path: name, reason: "a NUL byte at \(TextFile.place(of: checked + nul, in: bytes))")
    }
    try checkLines(bytes, upTo: end)
    // A multi-byte character cut at the end of this chunk is checked with the next one.
    let whole = atEnd ? end : Self.lastWholeCharacterEnd(bytes, from: checked)
    let valid = bytes[checked..<whole].withContiguousStorageIfAvailable {
      String(validating: $0, as: UTF8.self) != nil
    }
    if valid == false {
      let offset = TextFile.firstInvalidByte(bytes[checked..<whole])
      throw .cannotRead(
        path: name, reason: "not UTF-8 text at \(TextFile.place(of: offset, in: bytes))")
    }
    checked = whole
  }

  /// Refuses a line past the limit among the bytes after the checked ones (a line still open at
  /// `end` too, without waiting for its end). Short lines cost nothing each: the scan jumps a whole
  /// line limit ahead and looks back for a line break.
  private mutating func checkLines(_ bytes: ArraySlice<UInt8>, upTo end: Int) throws(LanguageError)
  {
    let limit = TextFile.maximumLineBytes
    if let last = Self.lastLineBreak(in: bytes, from: checked, before: end) {
      var start = lineStart
      while last - start > limit {
        guard let found = Self.lastLineBreak(in: bytes, from: start, before: start + limit + 1)
        else { throw lineTooLong(bytes, at: start) }
        start = found + 1
      }
      lineStart = last + 1
    }
    if end - lineStart > limit { throw lineTooLong(bytes, at: lineStart) }
  }

  /// The error for a line longer than the limit that starts at `start`.
  private func lineTooLong(_ bytes: ArraySlice<UInt8>, at start: Int) -> LanguageError {
    var line = 1
    var next = bytes.startIndex
    while next < start,
      let found = bytes[next..<start].withContiguousStorageIfAvailable({
        Self.offset(of: UInt8(ascii: "\n"), in: $0)
      }) ?? nil
    {
      line += 1
      next += found + 1
    }
    return .cannotRead(
      path: name, reason: "line \(line) is longer than \(TextFile.maximumLineBytes >> 20) MiB")
  }

  /// The offset of the last line break in `bytes[start..<end]`, looking back from `end`.
  private static func lastLineBreak(in bytes: ArraySlice<UInt8>, from start: Int, before end: Int)
    -> Int?
  {
    bytes[start..<min(end, bytes.endIndex)].lastIndex(of: UInt8(ascii: "\n"))
  }

  /// The offset of the first `byte` in `buffer` (`memchr`).
  private static func offset(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
    Memory.offset(of: byte, in: buffer)
  }

  /// The end of the last whole UTF-8 character of `bytes` after `start`: its end, unless its last
  /// character is cut short (then where that character starts).
  private static func lastWholeCharacterEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
    let end = bytes.endIndex
    var lead = end - 1
    // Back over at most three continuation bytes to the byte that starts the last character.
    while lead > start, lead > end - 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    guard lead >= start, lead < end else { return end }
    let first = bytes[lead]
    let length =
      first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    return end - lead < length ? lead : end
  }
}
