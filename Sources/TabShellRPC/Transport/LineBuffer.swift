import TabShellPlatform

/// Bytes read from a descriptor, cut into newline-delimited messages: the one framing of process
/// plugins' pipes (docs/ProcessPlugins.md) and sessions' connections (docs/Sessions.md), each
/// message at most ``limit`` bytes without its `\n`. A framing of another kind (a session's frames)
/// reads the held bytes with ``withPending(_:)`` and takes them with ``consume(_:)``.
///
/// Memory stays bounded: the storage never grows past ``limit`` + ``headroom`` + one read
/// (``chunk``) as long as the reader takes what is held before it reads again: a message that grows
/// past the limit is reported (``Next/tooLong``) instead of being kept, and ``hasRoom`` says when a
/// reader that holds messages back must stop reading. The storage is reused from one read to the
/// next.
package struct LineBuffer {
  /// What one read did.
  package enum Fill: Equatable, Sendable {
    /// Read this many bytes.
    case read(Int)
    /// Nothing to read now.
    case wouldBlock
    /// The writer closed its end.
    case endOfFile
    /// The read failed.
    case failed(SystemError)
  }

  /// What the buffer holds next.
  package enum Next<Item: Equatable>: Equatable {
    /// A whole message: a line without its `\n`, or a frame.
    case item(Item)
    /// A message longer than the limit: garbage, or output to cut.
    case tooLong
    /// Nothing whole yet.
    case none
  }

  /// Bytes read at once at most.
  package static let chunk = 64 * 1024

  /// The longest message, in bytes: a line without its `\n`, a frame's payload.
  package let limit: Int
  /// The bytes a message may hold besides ``limit``: 1 for a line's `\n`, a frame's header.
  package let headroom: Int
  /// The bytes; those in `start..<end` are held, the rest is room.
  private var storage: [UInt8] = []
  private var start = 0
  private var end = 0
  /// Where the search for the next `\n` goes on from (bytes before it have none).
  private var scanned = 0

  /// An empty buffer for messages of at most `limit` bytes plus `headroom`.
  package init(limit: Int, headroom: Int = 1) {
    self.limit = max(1, limit)
    self.headroom = max(1, headroom)
  }

  /// Bytes held that are not yet part of a message taken.
  package var pendingCount: Int { end - start }

  /// The size of the storage: never more than ``limit`` + ``headroom`` + ``chunk`` for a reader
  /// that reads only while ``hasRoom``.
  package var capacity: Int { storage.count }

  /// Whether a read may add more: `false` once the held bytes are past any message allowed (then
  /// ``next()`` and a frame reader say ``Next/tooLong``).
  package var hasRoom: Bool { pendingCount <= limit + headroom }

  /// Reads once from `fd` (non-blocking) into the free space, at most ``chunk`` bytes.
  package mutating func fill(from fd: Int32) -> Fill {
    makeRoom(Self.chunk)
    let offset = end
    let result = storage.withUnsafeMutableBytes { buffer in
      SystemIO.readOnce(
        fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + Self.chunk]))
    }
    switch result {
    case .read(0): return .endOfFile
    case .read(let count):
      end += count
      return .read(count)
    case .wouldBlock: return .wouldBlock
    case .failed(let error): return .failed(error)
    }
  }

  /// Adds bytes, as a read would.
  package mutating func append(_ bytes: some Collection<UInt8>) {
    makeRoom(bytes.count)
    let offset = end
    storage.withUnsafeMutableBufferPointer { buffer in
      _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
    }
    end += bytes.count
  }

  /// Makes room for `count` more bytes after `end`: moves the held bytes to the front, then grows
  /// (to twice the size, up to the bound, or as much as needed).
  private mutating func makeRoom(_ count: Int) {
    if start == end { (start, end, scanned) = (0, 0, 0) }
    guard storage.count - end < count else { return }
    if start > 0 {
      let held = end - start
      storage.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        base.copyMemory(from: base + start, byteCount: held)
      }
      (scanned, start, end) = (scanned - start, 0, held)
    }
    guard storage.count - end < count else { return }
    let bound = limit + headroom + Self.chunk
    let size = max(end + count, min(bound, storage.count * 2))
    // An array of zeros, not a generic repetition: it is filled at once.
    storage.append(contentsOf: [UInt8](repeating: 0, count: size - storage.count))
  }

  /// The next whole line, if the buffer holds one: its offsets in the storage (valid until the
  /// next fill), for ``withBytes(_:_:)``.
  package mutating func next() -> Next<Range<Int>> {
    let found = storage.withUnsafeBufferPointer { buffer -> Int? in
      guard end > scanned,
        let offset = Memory.offset(
          of: 0x0A, in: UnsafeBufferPointer(rebasing: buffer[scanned..<end]))
      else { return nil }
      return scanned + offset
    }
    guard let newline = found else {
      scanned = end
      return end - start > limit ? .tooLong : .none
    }
    let line = start..<newline
    guard line.count <= limit else { return .tooLong }
    start = newline + 1
    scanned = start
    return .item(line)
  }

  /// The next whole line's bytes, without its `\n`.
  package mutating func nextLine() -> Next<[UInt8]> {
    switch next() {
    case .item(let range): .item(Array(storage[range]))
    case .tooLong: .tooLong
    case .none: .none
    }
  }

  /// The first ``limit`` bytes held, as a line of their own (for output where a long line is cut
  /// rather than refused).
  package mutating func takeLimit() -> Range<Int> {
    let line = start..<min(end, start + limit)
    start = line.upperBound
    scanned = max(scanned, start)
    return line
  }

  /// Whatever is held after the last `\n` (at the end of the input), emptying the buffer.
  package mutating func takeRest() -> Range<Int>? {
    guard end > start else { return nil }
    defer { (start, end, scanned) = (0, 0, 0) }
    return start..<end
  }

  /// Calls `body` with the bytes of `range` (from ``next()``, ``takeLimit()`` or ``takeRest()``).
  package func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// Calls `body` with the bytes held, for a framing other than lines.
  package func withPending<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    withBytes(start..<end, body)
  }

  /// Takes the first `count` bytes held (at most all of them) as read by another framing.
  package mutating func consume(_ count: Int) {
    start += min(max(0, count), end - start)
    scanned = max(scanned, start)
  }
}
