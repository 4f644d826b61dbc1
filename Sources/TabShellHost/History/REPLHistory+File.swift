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
    let file: InputFile
    do throws(SystemError) {
      file = try InputFile(path: path)
    } catch {
      if error.isMissingFile { return ([], 0) }
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: error.code)
    }
    // A FIFO would wait for a writer: only a regular file is history.
    guard file.status.isRegularFile else {
      throw AtomicFileWriter.Failure(stage: .read, path: path, .notRegularFile)
    }
    let size = Int(file.status.size)
    let wanted = tailBytes(limit: limit)
    // From one byte before the tail: a line break there means the tail starts on a whole line.
    let start = size > wanted ? size - wanted - 1 : 0
    do throws(SystemError) {
      if start > 0 { try file.seek(to: Int64(start)) }
    } catch {
      throw AtomicFileWriter.Failure(stage: .read, path: path, code: error.code)
    }
    let bytes: [UInt8]
    do throws(SystemIO.ReadAllError) {
      bytes = try file.readAll(limit: wanted + 1)
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
  /// link, to a regular file: a FIFO is refused, not waited on), creating its folders (0700) and
  /// the file (0600) when missing.
  package static func append(_ text: String, to path: String) throws(AtomicFileWriter.Failure) {
    let writer = AtomicFileWriter(path: path)
    func open() -> Result<OutputFile, OutputFile.Failure> {
      Result { () throws(OutputFile.Failure) in
        try OutputFile(
          path: path, mode: .append, permissions: writer.fileMode, followingLinks: true)
      }
    }
    var opened = open()
    if case .failure(.system(let error)) = opened, error.isMissingFile, !FileStatus.exists(path) {
      try writer.createFolders(AtomicFileWriter.folder(of: path))
      opened = open()
    }
    let file: OutputFile
    switch opened {
    case .success(let success):
      file = success
    case .failure(.system(let error)):
      // A link to nothing is said as such, not as a missing file.
      let stage: AtomicFileWriter.Stage =
        FileStatus.of(path, followingLinks: false)?.isSymbolicLink == true ? .resolve : .append
      throw AtomicFileWriter.Failure(stage: stage, path: path, code: error.code)
    case .failure(let failure):
      throw AtomicFileWriter.Failure(stage: .append, path: path, failure)
    }
    do throws(OutputFile.Failure) {
      try file.write(text.utf8)
    } catch {
      throw AtomicFileWriter.Failure(stage: .append, path: path, error)
    }
  }
}
