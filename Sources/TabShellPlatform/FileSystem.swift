#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file system calls the host makes by path: folders made, files renamed and removed, a folder
/// flushed to disk.
package enum FileSystem {
  /// The longest path the system takes, in bytes, the final NUL included (`PATH_MAX`).
  package static let maximumPathBytes = Int(PATH_MAX)

  /// Makes the folder `path` with `permissions`; one that exists already is no failure.
  package static func makeFolder(_ path: String, permissions: UInt32) throws(SystemError) {
    guard mkdir(path, mode_t(permissions)) == 0 || errno == EEXIST else { throw .current }
  }

  /// Makes the folders on the way to the file `path` that are missing (`mkdir -p` of its folder),
  /// with `permissions`.
  package static func makeFolders(toward path: String, permissions: UInt32) throws(SystemError) {
    var folder = ""
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, part) in parts.enumerated() {
      folder += index == 0 ? String(part) : "/" + part
      if folder.isEmpty || part.isEmpty || part == "." || part == ".." { continue }
      try makeFolder(folder, permissions: permissions)
    }
  }

  /// Renames `source` to `destination`, replacing what is there (`rename(2)`: atomic, and a link
  /// at `destination` is replaced, never written through).
  package static func rename(_ source: String, to destination: String) throws(SystemError) {
    guard cRename(source, destination) == 0 else { throw .current }
  }

  /// Removes the file (or link) at `path`; returns whether it did.
  @discardableResult
  package static func remove(_ path: String) -> Bool { unlink(path) == 0 }

  /// Removes the empty folder at `path`; returns whether it did.
  @discardableResult
  package static func removeFolder(_ path: String) -> Bool { rmdir(path) == 0 }

  /// Removes `path` and, when it is a folder (not a link to one), everything in it; what cannot be
  /// removed is left.
  package static func removeTree(_ path: String) {
    if FileStatus.of(path, followingLinks: false)?.isDirectory == true {
      for entry in DirectoryListing.entries(of: path) ?? [] { removeTree(path + "/" + entry.name) }
      _ = removeFolder(path)
    } else {
      _ = remove(path)
    }
  }

  /// Makes a new folder that only this user can enter, named `prefix` and six random characters
  /// (`mkdtemp`); returns its path.
  package static func makeTemporaryFolder(prefix: String) throws(SystemError) -> String {
    var template = Array("\(prefix)XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    guard let made else { throw .current }
    return made
  }

  /// Copies the file at `source` to a new file at `destination` (never an existing one), made
  /// with `permissions`.
  package static func copyFile(from source: String, to destination: String, permissions: UInt32)
    throws(SystemError)
  {
    let input = try InputFile(path: source)
    let output: OutputFile
    do throws(OutputFile.Failure) {
      output = try OutputFile(creatingNew: destination, permissions: permissions)
    } catch {
      guard case .system(let error) = error else { throw .invalidArgument }
      throw error
    }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try SystemIO.read(input.descriptor, into: &buffer)
      if count == 0 { return }
      do throws(OutputFile.Failure) {
        try output.write(buffer[..<count])
      } catch {
        guard case .system(let error) = error else { throw .inputOutput }
        throw error
      }
    }
  }

  /// Flushes the folder's entries to disk (after a rename in it), as far as the system lets.
  package static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// `rename(2)`, named apart from ``FileSystem/rename(_:to:)``.
private func cRename(_ source: String, _ destination: String) -> Int32 {
  rename(source, destination)
}
