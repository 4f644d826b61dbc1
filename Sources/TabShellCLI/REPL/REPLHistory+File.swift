import TabShellPlatform

extension REPLHistory {
  /// How much of the end of a history file is read: enough for ``limit`` lines of 1 KiB (at least
  /// 64 KiB), so that a huge file costs no more at start-up than a full one.
  static func tailBytes(limit: Int) -> Int {
    max(1 << 16, min(limit, 1 << 20) * 1_024)
  }

  /// The lines at the end of the file at `path` (its last ``tailBytes(limit:)``, the first line
  /// dropped when it is cut), without those longer than ``maximumEntryBytes``; `count` is the number
  /// of lines in the file, or, when only its end was read, a number that makes the next save trim
  /// it. No file: no lines.
  static func tail(ofFile path: String, limit: Int) throws(AtomicFileWriter.Failure)
    -> (lines: [String], count: Int)
  {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return ([], 0) }
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: errno)
    }
    defer { close(descriptor) }
    guard let info = FileStatus.of(descriptor: descriptor) else {
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: errno)
    }
    let size = Int(info.st_size)
    let wanted = tailBytes(limit: limit)
    // From one byte before the tail: a line break there means the tail starts on a whole line.
    let start = info.isRegularFile && size > wanted ? size - wanted - 1 : 0
    if start > 0, lseek(descriptor, off_t(start), SEEK_SET) < 0 {
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: errno)
    }
    let bytes: [UInt8]
    do throws(SystemIO.ReadAllError) {
      bytes = try SystemIO.readAll(descriptor, limit: wanted + 1)
    } catch {
      guard case .failed(let failure) = error else { return ([], 2 * limit + 1) }
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: failure.code)
    }
    var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if start > 0 { pieces.removeFirst() }
    if pieces.last?.isEmpty == true { pieces.removeLast() }
    let lines = pieces.filter { $0.count <= maximumEntryBytes }.map {
      String(decoding: $0, as: UTF8.self)
    }
    return (lines, start > 0 ? 2 * limit + 1 : pieces.count)
  }

  /// Appends `text` to the file at `path` in one `write(2)` with `O_APPEND` (through a symbolic
  /// link), creating its folders (0700) and the file (0600) when missing.
  static func append(_ text: String, to path: String) throws(AtomicFileWriter.Failure) {
    let writer = AtomicFileWriter(path: path)
    var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, writer.fileMode)
    if descriptor < 0, errno == ENOENT || errno == ENOTDIR,
      FileStatus.of(path, followingLinks: false) == nil
    {
      try writer.createFolders(AtomicFileWriter.folder(of: path))
      descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, writer.fileMode)
    }
    guard descriptor >= 0 else {
      let code = errno
      // A link to nothing is said as such, not as a missing file.
      if FileStatus.of(path, followingLinks: false)?.isSymbolicLink == true {
        throw AtomicFileWriter.Failure(stage: .resolve, path: path, code: code)
      }
      throw AtomicFileWriter.Failure(stage: .append, path: path, code: code)
    }
    defer { close(descriptor) }
    do throws(SystemError) {
      try SystemIO.writeAll(descriptor, Array(text.utf8))
    } catch {
      throw AtomicFileWriter.Failure(stage: .append, path: path, code: error.code)
    }
  }
}
