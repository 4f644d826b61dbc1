#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `read(2)` and `write(2)` as TabShell uses them: a call interrupted by a signal (`EINTR`) is made
/// again, and a non-blocking descriptor that is not ready (`EAGAIN`) is waited for with `poll`, so
/// that no byte is lost and no caller spins.
package enum SystemIO {
  /// Writes every byte of `bytes` to `descriptor`; throws at the first real failure (a full disk,
  /// a closed pipe), the bytes before it written.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    throws(SystemError)
  {
    if let code = writeAllReturningErrno(descriptor, bytes) { throw SystemError(code: code) }
  }

  /// Writes every byte of an array to `descriptor`; throws at the first real failure. An array
  /// (each frame of the full-screen mode) is written straight from its storage: the generic
  /// collection's way asked for it through the standard library's unspecialized code.
  package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
    if let code = bytes.withUnsafeBytes({ writeAllReturningErrno(descriptor, $0) }) {
      throw SystemError(code: code)
    }
  }

  /// Writes every byte of `bytes` to `descriptor`; throws at the first real failure.
  package static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>)
    throws(SystemError)
  {
    let code =
      bytes.withContiguousStorageIfAvailable {
        writeAllReturningErrno(descriptor, UnsafeRawBufferPointer($0))
      } ?? Array(bytes).withUnsafeBytes { writeAllReturningErrno(descriptor, $0) }
    if let code { throw SystemError(code: code) }
  }

  /// Writes every byte; returns `nil`, or the `errno` of the failure. Async-signal-safe.
  package static func writeAllReturningErrno(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    -> Int32?
  {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, base + offset, bytes.count - offset)
      if count > 0 {
        offset += count
        continue
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        wait(descriptor, for: Int16(POLLOUT))
        continue
      }
      return count < 0 ? errno : EIO
    }
    return nil
  }

  /// Reads what is there, at most `buffer.count` bytes, into `buffer`; returns how many (0 at the
  /// end of the input).
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int
  {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let count = cRead(descriptor, base, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK {
        wait(descriptor, for: Int16(POLLIN))
        continue
      }
      throw .current
    }
  }

  /// Everything left to read on `descriptor`, up to its end; throws
  /// ``ReadAllError/tooLong(limit:)`` as soon as there is more than `limit` bytes.
  package static func readAll(_ descriptor: Int32, limit: Int = .max) throws(ReadAllError)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count: Int
      do throws(SystemError) {
        count = try read(descriptor, into: &chunk)
      } catch {
        throw .failed(error)
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= limit else { throw .tooLong(limit: limit) }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Reads what is there into `buffer` (see ``read(_:into:)-(_,UnsafeMutableRawBufferPointer)``).
  package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) throws(SystemError)
    -> Int
  {
    let result = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(SystemError) in try read(descriptor, into: raw) }
    }
    return try result.get()
  }

  /// Why ``readAll(_:limit:)`` stopped.
  package enum ReadAllError: Error, Equatable, Sendable {
    /// A read failed.
    case failed(SystemError)
    /// There was more than `limit` bytes.
    case tooLong(limit: Int)
  }

  /// The first `count` bytes of the file on `descriptor`, wherever reading is (`pread`); fewer at
  /// its end, none on a failure.
  package static func firstBytes(_ descriptor: Int32, count: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    return Array(bytes.prefix(max(0, read)))
  }

  /// Closes `descriptor` (`close(2)`; an interrupted close is not made again, as Linux has closed
  /// the descriptor anyway).
  package static func close(_ descriptor: Int32) {
    _ = cClose(descriptor)
  }

  /// Blocks until `descriptor` is ready for `events` (or in error: the next call says which).
  private static func wait(_ descriptor: Int32, for events: Int16) {
    var ready = pollfd(fd: descriptor, events: events, revents: 0)
    _ = poll(&ready, 1, -1)
  }
}

/// `read(2)`, named apart from ``SystemIO/read(_:into:)-(_,UnsafeMutableRawBufferPointer)``.
private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// `close(2)`, named apart from ``SystemIO/close(_:)``.
private func cClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
