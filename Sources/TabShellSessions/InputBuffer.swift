import TabShellPlatform

/// Bytes read from a connection, cut into lines (line mode) or frames (frame mode).
///
/// Memory stays bounded: it never holds more than the limit plus a header plus one read; a line or
/// a frame longer than the limit is reported (``Next/tooLong``) rather than kept.
package struct InputBuffer {
  /// What one read did.
  package enum Fill: Equatable, Sendable {
    /// Read this many bytes.
    case read(Int)
    /// Nothing to read now.
    case wouldBlock
    /// The peer closed its end.
    case end
    /// The read failed.
    case failed(SystemError)
  }

  /// What the buffer holds next.
  package enum Next<Item: Equatable>: Equatable {
    /// A whole line (without its `\n`) or frame.
    case item(Item)
    /// A line or a frame longer than the limit: garbage.
    case tooLong
    /// Nothing whole yet.
    case none
  }

  /// The most bytes read at once.
  package static let chunk = 64 * 1024

  /// The longest line (without its `\n`) or frame payload.
  package let limit: Int
  /// The bytes; those in `start..<end` are held, the rest is room.
  private var bytes: [UInt8] = []
  private var start = 0
  private var end = 0
  /// Where the search for the next `\n` goes on from.
  private var scanned = 0

  /// An empty buffer for lines and payloads of at most `limit` bytes.
  package init(limit: Int = SessionProtocol.messageLimit) {
    self.limit = max(1, limit)
  }

  /// Bytes held that were not taken yet.
  package var pendingCount: Int { end - start }

  /// Whether a read may add more: `false` once the held bytes are past any line or frame allowed
  /// (then ``nextLine()`` and ``nextFrame()`` say ``Next/tooLong``).
  package var hasRoom: Bool { pendingCount <= limit + Frame.headerSize }

  /// Adds bytes (as a read would).
  package mutating func append(_ new: some Collection<UInt8>) {
    makeRoom(new.count)
    for byte in new {
      bytes[end] = byte
      end += 1
    }
  }

  /// Reads once from the non-blocking `fd`, at most ``chunk`` bytes.
  package mutating func fill(from fd: Int32) -> Fill {
    makeRoom(Self.chunk)
    let offset = end
    let result = bytes.withUnsafeMutableBytes { buffer in
      SystemIO.readOnce(
        fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + Self.chunk]))
    }
    switch result {
    case .read(0): return .end
    case .read(let count):
      end += count
      return .read(count)
    case .wouldBlock: return .wouldBlock
    case .failed(let error): return .failed(error)
    }
  }

  /// Makes room for `count` more bytes after `end`: moves the held bytes to the front, or grows.
  private mutating func makeRoom(_ count: Int) {
    if start == end { (start, end, scanned) = (0, 0, 0) }
    guard bytes.count - end < count else { return }
    if start > 0 {
      let held = end - start
      bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        base.copyMemory(from: base + start, byteCount: held)
      }
      (scanned, start, end) = (scanned - start, 0, held)
    }
    if bytes.count - end < count {
      // An array of zeros, not a generic repetition: it is filled at once.
      bytes.append(
        contentsOf: [UInt8](repeating: 0, count: max(count, bytes.count) - (bytes.count - end)))
    }
  }

  /// The next whole line, without its `\n`.
  package mutating func nextLine() -> Next<[UInt8]> {
    let end = end
    let newline = bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard end > scanned,
        let offset = Memory.offset(
          of: 0x0A, in: UnsafeBufferPointer(rebasing: buffer[scanned..<end]))
      else { return nil }
      return scanned + offset
    }
    guard let newline else {
      scanned = end
      return end - start > limit ? .tooLong : .none
    }
    guard newline - start <= limit else { return .tooLong }
    let line = Array(bytes[start..<newline])
    start = newline + 1
    scanned = start
    return .item(line)
  }

  /// The next whole frame.
  package mutating func nextFrame() -> Next<Frame> {
    guard pendingCount >= Frame.headerSize else { return .none }
    let length =
      Int(bytes[start + 1]) << 24 | Int(bytes[start + 2]) << 16 | Int(bytes[start + 3]) << 8
      | Int(bytes[start + 4])
    guard length <= limit else { return .tooLong }
    guard pendingCount >= Frame.headerSize + length else { return .none }
    let payloadStart = start + Frame.headerSize
    let frame = Frame(
      type: bytes[start], payload: Array(bytes[payloadStart..<payloadStart + length]))
    start = payloadStart + length
    scanned = start
    return .item(frame)
  }
}
