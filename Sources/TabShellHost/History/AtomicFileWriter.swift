import TabShellPlatform

/// Replaces a file atomically: the new contents go to a temporary file in the same folder, which is
/// flushed to disk (`fsync`) and then renamed over the old file. A crash or a failure at any step leaves
/// the old file whole; a failure removes the temporary file.
///
/// Missing folders on the way are created with ``folderMode`` (0700: the history is private). A path
/// that is a symbolic link is written through: the link's target is replaced, the link stays (a link
/// to nothing is refused, not replaced by a file).
package struct AtomicFileWriter: Sendable {
  /// A step of the write.
  package enum Stage: String, Equatable, Sendable {
    case read = "read"
    case resolve = "follow the link"
    case append = "append to"
    case createFolder = "create the folder"
    case createTemporary = "create a temporary file"
    case write = "write"
    case sync = "flush to disk"
    case rename = "replace"
  }

  /// Why a write failed: the step, the file and the system's error number.
  package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step that failed.
    package let stage: Stage
    /// The path the step worked on.
    package let path: String
    /// The `errno` of the failed call (`EINVAL` when ``reason`` says what was wrong instead).
    package let code: Int32
    /// Why, when no system call failed (a FIFO where the file should be).
    package var reason: String?

    /// The failure of a call that failed with `code`.
    package init(stage: Stage, path: String, code: Int32) {
      self.stage = stage
      self.path = path
      self.code = code
    }

    /// The failure of a step that ``TabShellPlatform/OutputFile`` refused or that failed.
    package init(stage: Stage, path: String, _ failure: OutputFile.Failure) {
      self.stage = stage
      self.path = path
      switch failure {
      case .system(let error): code = error.code
      case .directory: code = SystemError.isADirectory.code
      case .symbolicLink, .notRegularFile:
        code = SystemError.invalidArgument.code
        reason = failure.description
      }
    }

    /// `cannot write '/path': Permission denied`-style wording.
    package var description: String {
      "cannot \(stage.rawValue) '\(path)': \(reason ?? SystemError(code: code).description)"
    }
  }

  /// The file replaced.
  package let path: String
  /// The mode of folders created on the way.
  package var folderMode: UInt32 = 0o700
  /// The mode of the new file.
  package var fileMode: UInt32 = 0o600
  /// Test seam: fail at this step as the system call would (`EIO`), after writing half the bytes
  /// when the step is ``Stage/write``.
  package var injectedFailure: Stage?

  /// A writer for `path`.
  package init(path: String) {
    self.path = path
  }

  /// Writes `text` (UTF-8) to ``path`` atomically.
  package func write(_ text: String) throws(Failure) {
    let path = try Self.target(of: path)
    // What the file (or the link's target) is must be a file: a FIFO is not replaced.
    if let status = FileStatus.of(path), !status.isRegularFile {
      throw Failure(
        stage: .rename, path: path, status.isDirectory ? .directory : .notRegularFile)
    }
    let folder = Self.folder(of: path)
    try createFolders(folder)
    let temporary =
      "\(folder)/.\(Self.fileName(of: path)).tmp-\(CurrentProcess.id)-\(UInt32.random(in: 0...UInt32.max))"
    try fail(at: .createTemporary, path: temporary)
    let file: OutputFile
    do throws(OutputFile.Failure) {
      file = try OutputFile(creatingNew: temporary, permissions: fileMode)
    } catch {
      throw Failure(stage: .createTemporary, path: temporary, error)
    }
    do throws(Failure) {
      defer { file.close() }
      try writeAll(Array(text.utf8), to: file, path: temporary)
      try fail(at: .sync, path: temporary)
      do throws(OutputFile.Failure) {
        try file.sync()
      } catch {
        throw Failure(stage: .sync, path: temporary, error)
      }
    } catch {
      FileSystem.remove(temporary)
      throw error
    }
    do throws(Failure) {
      try fail(at: .rename, path: path)
      do throws(SystemError) {
        try FileSystem.rename(temporary, to: path)
      } catch {
        throw Failure(stage: .rename, path: path, code: error.code)
      }
    } catch {
      FileSystem.remove(temporary)
      throw error
    }
    FileSystem.syncFolder(folder)
    removeStaleTemporaries()
  }

  /// The contents of the file at `path` as text (invalid UTF-8 repaired), or `nil` when it cannot be read.
  package static func readText(atPath path: String) -> String? {
    (try? contents(ofFile: path)) ?? nil
  }

  /// The contents of the file at `path` as text (invalid UTF-8 repaired); `nil` when there is no file.
  package static func contents(ofFile path: String) throws(Failure) -> String? {
    let file: InputFile
    do throws(SystemError) {
      file = try InputFile(path: path)
    } catch {
      if error.isMissingFile { return nil }
      throw Failure(stage: .read, path: path, code: error.code)
    }
    guard file.status.isRegularFile else {
      throw Failure(stage: .read, path: path, .notRegularFile)
    }
    do throws(SystemIO.ReadAllError) {
      return String(decoding: try file.readAll(), as: UTF8.self)
    } catch {
      guard case .failed(let failure) = error else { return nil }
      throw Failure(stage: .read, path: path, code: failure.code)
    }
  }

  /// What writing to `path` replaces: `path` itself, or the file a symbolic link there points to.
  package static func target(of path: String) throws(Failure) -> String {
    guard FileStatus.of(path, followingLinks: false)?.isSymbolicLink == true else { return path }
    guard let target = FileStatus.realPath(path) else {
      throw Failure(stage: .resolve, path: path, code: SystemError.current.code)
    }
    return target
  }

  private func writeAll(_ bytes: [UInt8], to file: OutputFile, path: String) throws(Failure) {
    let end = injectedFailure == .write ? bytes.count / 2 : bytes.count
    do throws(OutputFile.Failure) {
      try file.write(bytes[..<end])
    } catch {
      throw Failure(stage: .write, path: path, error)
    }
    try fail(at: .write, path: path)
  }

  /// Creates `folder` and the missing folders above it with ``folderMode``.
  package func createFolders(_ folder: String) throws(Failure) {
    try fail(at: .createFolder, path: folder)
    if FileStatus.of(folder) != nil { return }
    let parent = Self.folder(of: folder)
    if parent != folder { try createFolders(parent) }
    do throws(SystemError) {
      try FileSystem.makeFolder(folder, permissions: folderMode)
    } catch {
      throw Failure(stage: .createFolder, path: folder, code: error.code)
    }
  }

  private func fail(at stage: Stage, path: String) throws(Failure) {
    if injectedFailure == stage {
      throw Failure(stage: stage, path: path, code: SystemError.inputOutput.code)
    }
  }

  /// The folder holding `path` (`.` for a bare name, `/` for a file at the root).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  static func fileName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}
