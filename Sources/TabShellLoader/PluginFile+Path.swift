import TabShellPlatform

extension PluginFile {
  /// The most symbolic links a path may go through (as the kernel's `ELOOP` limit).
  static let maximumLinks = 40

  /// Checks every part of `path` as it is followed, from `/` (or the current folder, itself
  /// resolved) down to the file: each folder walked through (``checkWriters(_:path:folder:)``),
  /// and each symbolic link met on the way, at any depth — the link itself (owned by root or by
  /// this user), the folder that holds it (already walked through), then each folder of its
  /// target in turn. So a link in a folder that others can write, or one whose target lies in
  /// such a folder, is refused as a file there would be: whoever can change any part of the way
  /// could choose what is loaded.
  static func checkWay(to path: String) throws(PluginLoadError) {
    var pending = components(of: path)
    if !path.hasPrefix("/") {
      guard let here = FileStatus.realPath(".") else {
        throw .unreadable(path: path, reason: SystemError.current.description)
      }
      pending = components(of: here) + pending
    }
    try checkFolder("/", path: path)
    var current: [Substring] = []
    var links = 0
    while !pending.isEmpty {
      let name = pending.removeFirst()
      if name == "." { continue }
      if name == ".." {
        _ = current.popLast()
        continue
      }
      let candidate = "/" + (current + [name]).joined(separator: "/")
      guard let info = FileStatus.of(candidate, followingLinks: false) else {
        throw .unreadable(path: path, reason: SystemError.current.description)
      }
      if info.isSymbolicLink {
        links += 1
        guard links <= maximumLinks else {
          throw .unreadable(path: path, reason: SystemError.tooManyLinks.description)
        }
        guard let target = FileStatus.linkTarget(candidate) else {
          throw .unreadable(path: path, reason: SystemError.current.description)
        }
        if info.owner != 0, info.owner != CurrentProcess.userID {
          throw .linkOwnedByAnotherUser(path: path, link: candidate, owner: info.owner)
        }
        if target.hasPrefix("/") { current = [] }
        pending = components(of: target) + pending
        continue
      }
      current.append(name)
      // The last part is the file, checked once open; the others are folders.
      if !pending.isEmpty { try checkWriters(info, path: path, folder: candidate) }
    }
  }

  /// Checks the folder at `folder` (not a link): owned by root or this user, not writable by others.
  private static func checkFolder(_ folder: String, path: String) throws(PluginLoadError) {
    guard let info = FileStatus.of(folder, followingLinks: false) else {
      throw .unreadable(path: path, reason: SystemError.current.description)
    }
    try checkWriters(info, path: path, folder: folder)
  }

  /// The parts of a path between its slashes, empty ones left out.
  private static func components(of path: String) -> [Substring] {
    path.split(separator: "/")
  }
}
