#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file opened for reading by path, with what it is (``status``).
///
/// The open never waits (`O_NONBLOCK`: a FIFO with no writer opens at once), but reading a FIFO
/// does: a caller that reads a file a user named checks ``status`` first (a regular file) — a
/// script, a snapshot, the history.
///
/// Isolation: used from one thread at a time.
package final class InputFile {
  /// The descriptor; -1 once closed.
  package private(set) var descriptor: Int32
  /// What the file was when it was opened.
  package let status: FileStatus

  /// Opens the file at `path`; throws the `errno` of the failure (`ENOENT` when there is none;
  /// `ELOOP` for a symbolic link when not `followingLinks`).
  package init(path: String, followingLinks: Bool = true) throws(SystemError) {
    let opened = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
    guard opened >= 0 else { throw .current }
    guard let status = FileStatus.of(descriptor: opened) else {
      let error = SystemError.current
      SystemIO.close(opened)
      throw error
    }
    descriptor = opened
    self.status = status
  }

  deinit { close() }

  /// Reads from `offset` bytes into the file on (`lseek`).
  package func seek(to offset: Int64) throws(SystemError) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw .current }
  }

  /// Reads what is there into `buffer` (see ``SystemIO``); 0 at the end.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
    try SystemIO.read(descriptor, into: buffer)
  }

  /// Everything left to read, up to ``SystemIO/readAll(_:limit:)``'s `limit`.
  package func readAll(limit: Int = .max) throws(SystemIO.ReadAllError) -> [UInt8] {
    try SystemIO.readAll(descriptor, limit: limit)
  }

  /// Hands the descriptor over to the caller, who closes it (or leaves it open on purpose, as for
  /// a shared object the dynamic linker knows by it); this file no longer owns it.
  package func release() -> Int32 {
    defer { descriptor = -1 }
    return descriptor
  }

  /// Closes the file.
  package func close() {
    if descriptor >= 0 { SystemIO.close(descriptor) }
    descriptor = -1
  }
}
