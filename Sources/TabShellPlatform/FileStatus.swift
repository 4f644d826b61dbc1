#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)`, `lstat(2)` and `fstat(2)` say of a file, as Swift values; and `realpath(3)`.
package struct FileStatus: Equatable, Sendable {
  /// What a file is.
  package enum Kind: Equatable, Sendable {
    case regularFile
    case directory
    /// A symbolic link (only ``of(_:followingLinks:)`` with `followingLinks: false` sees one).
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case unknown
  }

  /// What it is.
  package var kind: Kind
  /// Its size in bytes.
  package var size: Int64
  /// The user id of its owner.
  package var owner: UInt32
  /// The permission bits, with set-user-id, set-group-id and sticky (`0o7777`).
  package var permissions: UInt32
  /// The device that holds it.
  package var device: UInt64
  /// Its inode number on that device.
  package var inode: UInt64
  /// When its contents last changed: seconds and nanoseconds since 1970.
  package var modified: (seconds: Int, nanoseconds: Int)

  /// A folder.
  package var isDirectory: Bool { kind == .directory }
  /// A regular file.
  package var isRegularFile: Bool { kind == .regularFile }
  /// A symbolic link.
  package var isSymbolicLink: Bool { kind == .symbolicLink }
  /// Others may write it (`0o022`).
  package var isWritableByOthers: Bool { permissions & 0o022 != 0 }
  /// The sticky bit (a folder whose files only their owners may remove, as `/tmp`).
  package var isSticky: Bool { permissions & UInt32(S_ISVTX) != 0 }

  /// The status of the file at `path` (of the link itself when `followingLinks` is false); `nil`
  /// when it cannot be had (`errno` says why).
  package static func of(_ path: String, followingLinks: Bool = true) -> FileStatus? {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? FileStatus(info) : nil
  }

  /// The status of the file open on `descriptor`.
  package static func of(descriptor: Int32) -> FileStatus? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
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

  /// Whether this process may run the file at `path` (`access(2)` with `X_OK`).
  package static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

  /// Whether this process may write in the file or folder at `path` (`access(2)` with `W_OK`).
  package static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  /// Whether something is at `path` (a link to nothing counts).
  package static func exists(_ path: String) -> Bool { of(path, followingLinks: false) != nil }

  package static func == (left: FileStatus, right: FileStatus) -> Bool {
    left.kind == right.kind && left.size == right.size && left.owner == right.owner
      && left.permissions == right.permissions && left.device == right.device
      && left.inode == right.inode && left.modified == right.modified
  }

  init(_ info: stat) {
    kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regularFile
      case S_IFDIR: .directory
      case S_IFLNK: .symbolicLink
      case S_IFIFO: .fifo
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFSOCK: .socket
      default: .unknown
      }
    size = Int64(info.st_size)
    owner = UInt32(info.st_uid)
    permissions = UInt32(info.st_mode & 0o7777)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    #if canImport(Darwin)
      modified = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
    #else
      modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
    #endif
  }
}
