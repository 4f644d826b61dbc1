#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The checks made on a plugin's file before the dynamic linker sees it.
enum PluginFile {
  /// Checks that `path` is a regular file with an ELF header (or, for a process plugin, that this
  /// user may run) that no one but this user (or root) can write, in a folder that no one else can
  /// write either; returns its real path.
  static func check(_ path: String, executable: Bool = false) throws(PluginLoadError) -> String {
    guard let info = status(of: path) else {
      if errno == ENOENT || errno == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notSharedObject(path: path) }
    let realPath = resolved(path) ?? path
    try checkWriters(info, path: path, folder: nil)
    let folder = parent(of: realPath)
    if let folderInfo = status(of: folder) {
      try checkWriters(folderInfo, path: path, folder: folder)
    }
    if executable {
      guard access(path, X_OK) == 0 else { throw .notExecutable(path: path) }
    } else {
      try checkELFHeader(path)
    }
    return realPath
  }

  /// Refuses a file or folder that someone other than this user (or root) can write: one owned by
  /// another user, or writable by the group or the world. A sticky folder (as `/tmp` is) may be
  /// world-writable: others cannot replace a file in it that they do not own.
  private static func checkWriters(_ info: stat, path: String, folder: String?)
    throws(PluginLoadError)
  {
    if info.st_uid != 0, info.st_uid != geteuid() {
      throw .ownedByAnotherUser(path: path, folder: folder, owner: UInt32(info.st_uid))
    }
    let sticky = folder != nil && info.st_mode & S_ISVTX != 0
    if info.st_mode & 0o022 != 0, !sticky {
      throw .writableByOthers(path: path, folder: folder, mode: UInt32(info.st_mode))
    }
  }

  /// The canonical absolute path, with every symbolic link resolved.
  static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  private static func status(of path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func checkELFHeader(_ path: String) throws(PluginLoadError) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var magic: [UInt8] = [0, 0, 0, 0]
    let count = magic.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4) }
    guard count == 4, magic == [0x7F, 0x45, 0x4C, 0x46] else { throw .notSharedObject(path: path) }
  }
}
