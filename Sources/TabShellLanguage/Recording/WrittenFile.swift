import TabShellPlatform

/// A file a command writes by a path the user gave (a recording, a snapshot, a JUnit report, the
/// starter start-up file): each ``write(_:)`` reaches the file at once, so that what was written
/// survives the process being killed.
///
/// The path must name a regular file or nothing yet (``TabShellPlatform/OutputFile``'s rule): a
/// symbolic link, a FIFO, a device or a folder there is refused with `cannot write 'PATH': REASON`
/// before anything is written, and nothing waits for a FIFO's reader.
package final class WrittenFile {
  private let file: OutputFile
  /// The name errors give it, as the user wrote it.
  package let name: String

  /// Creates (or empties) the file at `path`, and the folders on the way to it that are missing.
  package init(path: String, name: String) throws(LanguageError) {
    self.name = name
    try Self.makeFolders(for: path, name: name)
    do throws(OutputFile.Failure) {
      file = try OutputFile(path: path, mode: .truncate)
    } catch {
      throw Self.error(error, name: name)
    }
  }

  /// Writes all of `text`.
  package func write(_ text: String) throws(LanguageError) {
    do throws(OutputFile.Failure) {
      try file.write(text.utf8)
    } catch {
      throw file.descriptor < 0
        ? .cannotWrite(path: name, reason: "it is closed") : Self.error(error, name: name)
    }
  }

  /// Closes the file; later writes fail.
  package func close() {
    file.close()
  }

  /// Writes a whole file: into a temporary file beside it, renamed over it, so that a reader never
  /// sees half of it.
  package static func replace(_ path: String, with text: String, name: String)
    throws(LanguageError)
  {
    try makeFolders(for: path, name: name)
    do throws(OutputFile.Failure) {
      try OutputFile.replace(path, with: text.utf8)
    } catch {
      throw Self.error(error, name: name)
    }
  }

  /// The error for `failure`, in the words the other errors use.
  static func error(_ failure: OutputFile.Failure, name: String) -> LanguageError {
    guard case .system(let error) = failure else {
      return .cannotWrite(path: name, reason: failure.description)
    }
    return .cannotWrite(path: name, reason: TextFile.reason(error.code))
  }

  /// Makes the folders on the way to `path` that are missing (`mkdir -p` of its folder).
  private static func makeFolders(for path: String, name: String) throws(LanguageError) {
    do throws(SystemError) {
      try FileSystem.makeFolders(toward: path, permissions: 0o755)
    } catch {
      throw .cannotWrite(path: name, reason: TextFile.reason(error.code))
    }
  }
}
