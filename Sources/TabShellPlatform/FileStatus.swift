/// `stat(2)`, `lstat(2)`, `fstat(2)` and `realpath(3)` as optionals, and the questions asked of a
/// `stat`.
package enum FileStatus {
  /// The status of the file at `path` (of the link itself when `followingLinks` is false); `nil`
  /// when it cannot be had (`errno` says why).
  package static func of(_ path: String, followingLinks: Bool = true) -> stat? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? info : nil
  }

  /// The status of the file open on `descriptor`.
  package static func of(descriptor: Int32) -> stat? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? info : nil
  }

  /// What the symbolic link at `path` holds (the path it points to, as written); `nil` when
  /// `path` is not a link or cannot be read (`errno` says why).
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
      guard let start = bytes.baseAddress else { return -1 }
      return readlink(path, start, bytes.count)
    }
    guard count >= 0, count < buffer.count else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The canonical absolute path of `path`, every symbolic link resolved; `nil` when it does not
  /// exist or cannot be reached (`errno` says why).
  package static func realPath(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}

extension stat {
  /// A folder.
  package var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
  /// A regular file.
  package var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
  /// A symbolic link (only `lstat` sees one).
  package var isSymbolicLink: Bool { st_mode & S_IFMT == S_IFLNK }
  /// The permission bits, with set-user-id, set-group-id and sticky (`0o7777`).
  package var permissions: mode_t { st_mode & 0o7777 }
}
