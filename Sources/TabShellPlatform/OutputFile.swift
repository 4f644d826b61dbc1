#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file the shell writes by a path a user gave: a recording, a trace, a snapshot, a JUnit report,
/// the starter start-up file.
///
/// One rule for all of them (docs/Contract.md, "Files the shell writes"): the path names a regular
/// file, or nothing yet. Anything else is refused with ``Failure``, before a byte is written and
/// without waiting: a symbolic link (never written through, never replaced: `O_NOFOLLOW`), a FIFO
/// (opened without blocking, so that one with no reader fails at once and one with a reader is
/// refused), a device (`/dev/null`, `/dev/tty`), a socket, a folder. A regular file is emptied
/// only once it is known to be one.
///
/// Isolation: used from one thread at a time.
package final class OutputFile {
  /// How an existing file is written.
  package enum Mode: Sendable {
    /// Emptied first.
    case truncate
    /// Written at its end.
    case append
  }

  /// Why a path cannot be written.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is a symbolic link.
    case symbolicLink
    /// The path is a folder.
    case directory
    /// The path is a FIFO, a device or a socket.
    case notRegularFile
    /// A system call failed.
    case system(SystemError)

    /// The reason in words, as an error message ends: `it is a symbolic link`.
    package var description: String {
      switch self {
      case .symbolicLink: "it is a symbolic link (the shell writes no file through a link)"
      case .directory: "it is a directory"
      case .notRegularFile: "not a regular file (a FIFO, a device or a socket)"
      case .system(let error): error.description
      }
    }
  }

  /// The descriptor; -1 once closed.
  package private(set) var descriptor: Int32

  /// Opens the file at `path` for writing (created with `permissions` when there is none), by the
  /// rule above; with `followingLinks` (the history file's own rule) a symbolic link is followed
  /// and its target must be a regular file or nothing.
  package init(
    path: String, mode: Mode, permissions: UInt32 = 0o644, followingLinks: Bool = false
  ) throws(Failure) {
    let flags =
      O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)
      | (mode == .append ? O_APPEND : 0)
    let opened = open(path, flags, mode_t(permissions))
    guard opened >= 0 else { throw Self.failure(opening: path, code: errno) }
    descriptor = opened
    do throws(Failure) {
      guard let status = FileStatus.of(descriptor: opened) else {
        throw .system(.current)
      }
      guard status.kind == .regularFile else { throw Self.failure(for: status.kind) }
      if mode == .truncate, ftruncate(opened, 0) != 0 { throw .system(.current) }
    } catch {
      close()
      throw error
    }
  }

  /// Creates a new file at `path` (`O_EXCL`: one that exists, or a link there, is a failure),
  /// as a temporary file is made before it is renamed over another.
  package init(creatingNew path: String, permissions: UInt32) throws(Failure) {
    let opened = open(
      path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(permissions))
    guard opened >= 0 else { throw Self.failure(opening: path, code: errno) }
    descriptor = opened
  }

  deinit { close() }

  /// Flushes what was written to disk (`fsync`).
  package func sync() throws(Failure) {
    guard fsync(descriptor) == 0 else { throw .system(.current) }
  }

  /// Writes all of `bytes` (see ``SystemIO/writeAll(_:_:)-(_,Collection<UInt8>)``).
  package func write(_ bytes: some Collection<UInt8>) throws(Failure) {
    guard descriptor >= 0 else { throw .system(SystemError(code: EBADF)) }
    do throws(SystemError) {
      try SystemIO.writeAll(descriptor, bytes)
    } catch {
      throw .system(error)
    }
  }

  /// Closes the file; later writes fail.
  package func close() {
    if descriptor >= 0 { SystemIO.close(descriptor) }
    descriptor = -1
  }

  /// Whether `path` may be written by the rule above: it names nothing yet, or a regular file.
  package static func check(_ path: String) throws(Failure) {
    guard let status = FileStatus.of(path, followingLinks: false) else {
      if errno == ENOENT { return }
      throw .system(.current)
    }
    guard status.kind == .regularFile else { throw failure(for: status.kind) }
  }

  /// Writes a whole file at once, by the rule above: into a new temporary file beside it (created,
  /// never opened through a link), renamed over it, so that a reader never sees half of it.
  package static func replace(
    _ path: String, with bytes: some Collection<UInt8>, permissions: UInt32 = 0o644
  ) throws(Failure) {
    try check(path)
    let temporary = path + ".tabshell-new"
    // A temporary file a killed run left behind (or anything else by that name) goes first.
    FileSystem.remove(temporary)
    let file = try OutputFile(creatingNew: temporary, permissions: permissions)
    do throws(Failure) {
      defer { file.close() }
      try file.write(bytes)
      // Checked again: what the path names may have changed meanwhile. The rename never writes
      // through a link that appears after this; it replaces it.
      try check(path)
      do throws(SystemError) {
        try FileSystem.rename(temporary, to: path)
      } catch {
        throw .system(error)
      }
    } catch {
      FileSystem.remove(temporary)
      throw error
    }
  }

  private static func failure(for kind: FileStatus.Kind) -> Failure {
    switch kind {
    case .symbolicLink: .symbolicLink
    case .directory: .directory
    default: .notRegularFile
    }
  }

  /// The failure of an `open` of `path` that failed with `code`: `O_NOFOLLOW`'s `ELOOP` is a link,
  /// `O_NONBLOCK`'s `ENXIO` a FIFO with no reader.
  private static func failure(opening path: String, code: Int32) -> Failure {
    switch code {
    case ELOOP where FileStatus.of(path, followingLinks: false)?.kind == .symbolicLink:
      .symbolicLink
    case EISDIR: .directory
    case ENXIO: .notRegularFile
    default: .system(SystemError(code: code))
    }
  }
}
