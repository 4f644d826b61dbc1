/// The body of a bracketed paste as it arrives: bytes up to a limit, and the end marker
/// `ESC [ 201 ~` recognized even when a read cuts it.
struct PasteReader: Sendable {
  static let endMarker: [UInt8] = Array("\u{1B}[201~".utf8)

  let limit: Int
  /// The start marker as it came (with an Alt prefix, it has two ESCs).
  let start: [UInt8]
  private(set) var content: [UInt8] = []
  private(set) var isTruncated = false
  /// How many bytes of the end marker the last bytes matched.
  private var matched = 0

  init(limit: Int, start: [UInt8]) {
    self.limit = limit
    self.start = start
    content.reserveCapacity(min(limit, 4_096))
  }

  /// Takes one byte; returns `true` when it completed the end marker.
  mutating func consume(_ byte: UInt8) -> Bool {
    if byte == Self.endMarker[matched] {
      matched += 1
      return matched == Self.endMarker.count
    }
    flushMarker()
    // The marker's first byte (ESC) occurs nowhere else in it, so a mismatch restarts at 0 or 1.
    if byte == Self.endMarker[0] {
      matched = 1
    } else {
      append(byte)
    }
    return false
  }

  /// Moves the bytes that looked like the start of the end marker into the content.
  mutating func flushMarker() {
    for byte in Self.endMarker[..<matched] { append(byte) }
    matched = 0
  }

  private mutating func append(_ byte: UInt8) {
    if content.count < limit {
      content.append(byte)
    } else {
      isTruncated = true
    }
  }

  /// The paste as an event; its bytes are the markers around the content (no end marker when the
  /// paste was not `closed`).
  func event(closed: Bool) -> InputEvent {
    var text = content
    if isTruncated { text.removeLast(Self.incompleteSuffix(text)) }
    var bytes = start + text
    if closed { bytes += Self.endMarker }
    return InputEvent(.paste(Paste(bytes: text, isTruncated: isTruncated)), bytes: bytes)
  }

  /// How many bytes at the end of `bytes` are an incomplete UTF-8 character (0 when none).
  static func incompleteSuffix(_ bytes: [UInt8]) -> Int {
    var back = 0
    var index = bytes.count - 1
    while index >= 0, back < 4 {
      let byte = bytes[index]
      back += 1
      if byte & 0xC0 != 0x80 {
        let length = InputParser.utf8Length(lead: byte)
        return length > back ? back : 0
      }
      index -= 1
    }
    return 0
  }
}
