import TabShellPlatform

/// Bytes waiting to be written to a non-blocking socket, up to a cap: a peer that does not read is
/// found out (``append(_:)`` says `false`) instead of making the writer wait or grow without end.
///
/// Each ``append(_:pastLimit:)`` is one message (a line, or a run of whole frames): the buffer
/// knows where each begins, so ``dropUnstarted()`` can throw away the messages not begun without
/// cutting one in two.
package struct OutputBuffer {
  /// What writing out did.
  package enum Flush: Equatable, Sendable {
    /// Everything went out.
    case done
    /// Some is left: write again when the socket is writable.
    case pending
    /// The peer is gone, or the write failed.
    case failed(SystemError)
  }

  /// The most bytes held unwritten.
  package let limit: Int
  private var bytes: [UInt8] = []
  private var start = 0
  /// Where the messages not begun begin in `bytes`, in order (some may have begun since).
  private var beginnings: [Int] = []

  /// An empty buffer holding at most `limit` bytes.
  package init(limit: Int = SessionProtocol.outputLimit) {
    self.limit = limit
  }

  /// Bytes not written yet.
  package var pendingCount: Int { bytes.count - start }

  /// Whether bytes wait to be written.
  package var isEmpty: Bool { pendingCount == 0 }

  /// Adds `new`; `false` (and nothing added) when that would hold more than the limit, unless
  /// `pastLimit` (a last word to a peer being cut off).
  @discardableResult
  package mutating func append(_ new: some Collection<UInt8>, pastLimit: Bool = false) -> Bool {
    guard pastLimit || pendingCount + new.count <= limit else { return false }
    if start > 0, start >= bytes.count / 2 {
      bytes.removeFirst(start)
      beginnings = beginnings.filter { $0 >= start }.map { $0 - start }
      start = 0
    }
    beginnings.append(bytes.count)
    bytes.append(contentsOf: new)
    return true
  }

  /// Throws away the messages whose writing has not begun; the rest of one partly written stays,
  /// so that what is appended next (a last word to a peer being cut off) follows it at once.
  package mutating func dropUnstarted() {
    guard let first = beginnings.first(where: { $0 >= start }) else { return }
    bytes.removeSubrange(first...)
    beginnings.removeAll()
  }

  /// Writes what the socket `fd` takes now, never waiting and never raising SIGPIPE.
  package mutating func flush(to fd: Int32) -> Flush {
    while start < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: buffer[start...]))
      }
      switch result {
      case .sent(let count):
        start += count
        if let first = beginnings.first, first < start { beginnings.removeAll { $0 < start } }
      case .wouldBlock: return .pending
      case .failed(let error): return .failed(error)
      }
    }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 16)
    beginnings.removeAll()
    start = 0
    return .done
  }
}
