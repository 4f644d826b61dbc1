import Synchronization
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write buffer for one descriptor (stdout) whose pending bytes can be written out from a signal
/// handler: the bytes live in one fixed block allocated up front, and how many are complete and how
/// many are written are two atomics, so ``flushFromSignalHandler()`` only loads them and calls
/// `write(2)` (async-signal-safe), never taking a lock or allocating.
///
/// It flushes when the block is full, at ``flush()``, and after each line when ``isLineBuffered``
/// (a terminal). The first write error is kept (``failure``) and what comes after it is dropped, so
/// that the caller can say so and end with a failure status.
///
/// Isolation: ``append(_:)`` and ``flush()`` are called from one thread at a time (the
/// interpreter's); ``flushFromSignalHandler()`` may run at any moment on any thread. A signal that
/// arrives while ``flush()`` is inside `write(2)` may write a few bytes twice; none are lost.
package final class PendingOutput: @unchecked Sendable {
  /// The descriptor written to.
  package let descriptor: Int32
  /// The size of the block: a longer write goes straight through.
  package let capacity: Int
  /// Whether a line break flushes (stdout on a terminal).
  package var isLineBuffered: Bool {
    get { lineBuffered.load(ordering: .relaxed) }
    set { lineBuffered.store(newValue, ordering: .relaxed) }
  }

  private let block: UnsafeMutableRawPointer
  /// Bytes of the block that are complete.
  private let committed = Atomic<Int>(0)
  /// Bytes of the block already written out.
  private let written = Atomic<Int>(0)
  private let firstFailure = Atomic<Int32>(0)
  private let lineBuffered = Atomic<Bool>(false)

  /// Standard output's buffer, for the whole process.
  package static let standardOutput = PendingOutput(descriptor: 1)

  /// A buffer of `capacity` bytes for `descriptor`.
  package init(descriptor: Int32, capacity: Int = 1 << 16) {
    self.descriptor = descriptor
    self.capacity = max(1, capacity)
    block = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 1)
  }

  deinit {
    block.deallocate()
  }

  /// The `errno` of the first failed write, if one failed.
  package var failure: SystemError? {
    let code = firstFailure.load(ordering: .acquiring)
    return code == 0 ? nil : SystemError(code: code)
  }

  /// Adds `bytes`; writes out when the block is full or (line-buffered) a line is complete.
  package func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var end = committed.load(ordering: .relaxed)
    if end + bytes.count > capacity {
      flush()
      end = 0
    }
    if bytes.count > capacity {
      write(bytes)
      return
    }
    (block + end).copyMemory(from: base, byteCount: bytes.count)
    committed.store(end + bytes.count, ordering: .releasing)
    if isLineBuffered, memchr(base, Int32(UInt8(ascii: "\n")), bytes.count) != nil { flush() }
  }

  /// Adds the UTF-8 of `text`.
  package func append(_ text: String) {
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Writes out every pending byte.
  package func flush() {
    let end = committed.load(ordering: .acquiring)
    var start = written.load(ordering: .relaxed)
    while start < end, firstFailure.load(ordering: .relaxed) == 0 {
      let count = systemWrite(descriptor, block + start, end - start)
      if count > 0 {
        start += count
        written.store(start, ordering: .releasing)
      } else if count < 0, errno == EINTR {
        continue
      } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      } else {
        record(count < 0 ? errno : EIO)
      }
    }
    // In this order: a signal between the two stores finds nothing pending, not everything again.
    committed.store(0, ordering: .releasing)
    written.store(0, ordering: .releasing)
  }

  /// Writes out the pending bytes, from a signal handler: async-signal-safe (two atomic loads and
  /// `write(2)`).
  package func flushFromSignalHandler() {
    let end = committed.load(ordering: .acquiring)
    let start = written.load(ordering: .acquiring)
    guard start < end, firstFailure.load(ordering: .relaxed) == 0 else { return }
    _ = SystemIO.writeAllReturningErrno(
      descriptor, UnsafeRawBufferPointer(start: block + start, count: end - start))
    written.store(end, ordering: .releasing)
  }

  private func write(_ bytes: UnsafeRawBufferPointer) {
    guard firstFailure.load(ordering: .relaxed) == 0 else { return }
    if let code = SystemIO.writeAllReturningErrno(descriptor, bytes) { record(code) }
  }

  private func record(_ code: Int32) {
    _ = firstFailure.compareExchange(expected: 0, desired: code, ordering: .acquiringAndReleasing)
  }
}

/// `write(2)`, named apart from ``PendingOutput``'s own `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
