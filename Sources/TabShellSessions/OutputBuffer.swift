import TabShellPlatform

/// Bytes waiting to be written to a non-blocking socket, up to a cap: a peer that does not read is
/// found out (``append(_:)`` says `false`) instead of making the writer wait or grow without end.
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
      start = 0
    }
    bytes.append(contentsOf: new)
    return true
  }

  /// Writes what the socket `fd` takes now, never waiting and never raising SIGPIPE.
  package mutating func flush(to fd: Int32) -> Flush {
    while start < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: buffer[start...]))
      }
      switch result {
      case .sent(let count): start += count
      case .wouldBlock: return .pending
      case .failed(let error): return .failed(error)
      }
    }
    bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 16)
    start = 0
    return .done
  }
}
