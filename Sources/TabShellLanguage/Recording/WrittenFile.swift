import TabShellPlatform

/// A file a command writes (a recording, a snapshot), with the C library: each ``write(_:)`` reaches
/// the file at once, so that what was written survives the process being killed.
package final class WrittenFile {
  private var fd: Int32
  /// The name errors give it, as the user wrote it.
  package let name: String

  /// Creates (or empties) the file at `path`, and the folders on the way to it that are missing.
  package init(path: String, name: String) throws(LanguageError) {
    self.name = name
    try Self.makeFolders(for: path, name: name)
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .cannotWrite(path: name, reason: TextFile.reason(errno)) }
  }

  deinit { close() }

  /// Writes all of `text`.
  package func write(_ text: String) throws(LanguageError) {
    guard fd >= 0 else { throw .cannotWrite(path: name, reason: "it is closed") }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .cannotWrite(path: name, reason: TextFile.reason(errno)) }
      offset += count
    }
    bytes.removeAll()
  }

  /// Closes the file; later writes fail.
  package func close() {
    if fd >= 0 { _ = Glibc.close(fd) }
    fd = -1
  }

  /// Writes a whole file: into a temporary file beside it, renamed over it, so that a reader never
  /// sees half of it.
  package static func replace(_ path: String, with text: String, name: String)
    throws(LanguageError)
  {
    let temporary = path + ".tabshell-new"
    let file = try WrittenFile(path: temporary, name: name)
    do throws(LanguageError) {
      try file.write(text)
      file.close()
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let reason = TextFile.reason(errno)
      unlink(temporary)
      throw .cannotWrite(path: name, reason: reason)
    }
  }

  /// Makes the folders on the way to `path` that are missing (`mkdir -p` of its folder).
  private static func makeFolders(for path: String, name: String) throws(LanguageError) {
    var folder = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, part) in parts.enumerated() {
      folder += index == 0 ? String(part) : "/" + part
      if folder.isEmpty || part.isEmpty || part == "." || part == ".." { continue }
      if mkdir(folder, 0o755) != 0, errno != EEXIST {
        throw .cannotWrite(path: name, reason: TextFile.reason(errno))
      }
    }
  }
}
