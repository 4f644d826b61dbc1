import TabShellPlatform

/// Bytes read from a descriptor, cut into lines at `\n`.
///
/// Memory stays bounded: the buffer never holds more than one line's limit plus one read, and a
/// line that grows past the limit is reported (``Next/tooLong``) instead of being kept. The storage
/// is reused from one read to the next.
struct LineBuffer {
  /// What one read did.
  enum Fill: Equatable {
    /// Read this many bytes.
    case read(Int)
    /// Nothing to read now.
    case wouldBlock
    /// The writer closed its end.
    case endOfFile
    /// The read failed with this `errno`.
    case failed(Int32)
  }

  /// What the buffer holds next.
  enum Next: Equatable {
    /// A whole line, without its `\n`: these offsets of the storage (valid until the next fill).
    case line(Range<Int>)
    /// More than the limit without a newline.
    case tooLong
    /// No whole line yet.
    case none
  }

  /// Bytes read at once at most.
  static let chunk = 64 * 1024

  /// The longest line allowed, in bytes, without its `\n`.
  let limit: Int
  private var storage: [UInt8]
  private var start = 0
  private var end = 0
  /// Where the search for the next `\n` goes on from (bytes before it have none).
  private var scanned = 0

  init(limit: Int) {
    self.limit = max(1, limit)
    storage = Array(repeating: 0, count: min(Self.chunk, self.limit + 1))
  }

  /// Bytes held that are not yet part of a returned line.
  var pendingCount: Int { end - start }

  /// The size of the storage: never more than ``limit`` + 1 + ``chunk``.
  var capacity: Int { storage.count }

  /// Reads once from `fd` into the free space (moving or growing the storage first when needed).
  mutating func fill(from fd: Int32) -> Fill {
    makeRoom()
    let room = min(Self.chunk, storage.count - end)
    let offset = end
    let result = storage.withUnsafeMutableBytes { buffer in
      SystemIO.readOnce(
        fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + room]))
    }
    switch result {
    case .read(0): return .endOfFile
    case .read(let count):
      end += count
      return .read(count)
    case .wouldBlock: return .wouldBlock
    case .failed(let error): return .failed(error.code)
    }
  }

  private mutating func makeRoom() {
    if start == end {
      (start, end, scanned) = (0, 0, 0)
    }
    guard storage.count - end < Self.chunk else { return }
    if start > 0 {
      let count = end - start
      storage.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        base.copyMemory(from: base + start, byteCount: count)
      }
      (scanned, start, end) = (scanned - start, 0, count)
    }
    let ceiling = limit + 1 + Self.chunk
    if storage.count - end < Self.chunk, storage.count < ceiling {
      let size = min(ceiling, max(storage.count * 2, end + Self.chunk))
      storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }
  }

  /// The next whole line, if the buffer holds one.
  mutating func next() -> Next {
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
    return .line(line)
  }

  /// The first `limit` bytes held, as a line of their own (for output where a long line is cut
  /// rather than refused).
  mutating func takeLimit() -> Range<Int> {
    let line = start..<min(end, start + limit)
    start = line.upperBound
    scanned = max(scanned, start)
    return line
  }

  /// Whatever is held after the last `\n` (at end of file), emptying the buffer.
  mutating func takeRest() -> Range<Int>? {
    guard end > start else { return nil }
    defer { (start, end, scanned) = (0, 0, 0) }
    return start..<end
  }

  /// Calls `body` with the bytes of `range` (from ``next()``, ``takeLimit()`` or ``takeRest()``).
  func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }
}
