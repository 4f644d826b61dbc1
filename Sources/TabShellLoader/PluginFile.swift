import TabShellPlatform

/// A plugin's shared object, opened once and checked on the open descriptor, so that what the
/// dynamic linker loads (``loadPath``, the descriptor's own path) is the file that was checked: no
/// one can swap it between the check and the load.
///
/// The checks, in order (the first that fails is the error):
/// 1. The path exists; its real path (every symbolic link resolved) is what is opened and loaded.
/// 2. Every folder from `/` down to the file's own (as OpenSSH's `StrictModes` checks a key's
///    folders): owned by root or by this user, and not writable by the group or others unless it
///    is sticky (as `/tmp` is: others cannot rename or remove what they do not own there, and the
///    next folder down is checked in turn). The folders are those of the path as it is followed:
///    a symbolic link on the way must be owned by root or by this user, and both the folders that
///    lead to it and those of its target are checked (``checkWay(to:)``). So no other user can
///    replace any part of the way.
/// 3. The file, opened without following a link (`O_NOFOLLOW`) and without waiting (a fifo):
///    a regular file (not a folder, a device...), owned by root or by this user, writable by no
///    one else, starting with an ELF header — or, for a process plugin (`executable`), one this
///    user may run.
struct PluginFile {
  /// The open file (close-on-exec).
  let descriptor: Int32
  /// Its canonical path: what "already loaded" compares.
  let realPath: String

  /// The path to give `dlopen`: the descriptor's (`/proc/self/fd/N`) where the system has one, so
  /// that the file checked is the file loaded; else the real path.
  ///
  /// The dynamic linker then sees the plugin as `/proc/self/fd/N`: its own dependencies are found by
  /// their names (the core library, already loaded, by its soname), not beside it through `$ORIGIN`.
  var loadPath: String { Platform.path(ofDescriptor: descriptor) ?? realPath }

  /// Opens `path` and checks it; the caller closes it (``close()``) unless the dynamic linker has it.
  static func open(_ path: String, executable: Bool = false) throws(PluginLoadError) -> PluginFile {
    guard let realPath = FileStatus.realPath(path) else {
      if SystemError.current.isMissingFile { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: SystemError.current.description)
    }
    try checkWay(to: path)
    let opened: InputFile
    do throws(SystemError) {
      opened = try InputFile(path: realPath, followingLinks: false)
    } catch {
      let reason =
        error == .tooManyLinks
        ? "it became a symbolic link while it was checked" : error.description
      throw .unreadable(path: path, reason: reason)
    }
    let file = PluginFile(descriptor: opened.release(), realPath: realPath)
    do throws(PluginLoadError) {
      try file.check(path: path, executable: executable)
    } catch {
      file.close()
      throw error
    }
    return file
  }

  /// Closes the descriptor (the dynamic linker keeps its own mapping).
  func close() {
    SystemIO.close(descriptor)
  }

  /// The checks of the open file itself.
  private func check(path: String, executable: Bool) throws(PluginLoadError) {
    guard let info = FileStatus.of(descriptor: descriptor) else {
      throw .unreadable(path: path, reason: SystemError.current.description)
    }
    if info.isDirectory { throw .isDirectory(path: path) }
    guard info.isRegularFile else {
      throw executable ? .notExecutable(path: path) : .notSharedObject(path: path)
    }
    try Self.checkWriters(info, path: path, folder: nil)
    if executable {
      guard FileStatus.isExecutable(realPath) else { throw .notExecutable(path: path) }
      return
    }
    let magic = SystemIO.firstBytes(descriptor, count: 4)
    guard magic == [0x7F, 0x45, 0x4C, 0x46] else { throw .notSharedObject(path: path) }
  }

  /// Refuses a file or folder that someone other than this user (or root) can write: one owned by
  /// another user, or writable by the group or the world. A sticky folder (as `/tmp` is) may be
  /// writable by others: they cannot replace in it what they do not own.
  static func checkWriters(_ info: FileStatus, path: String, folder: String?)
    throws(PluginLoadError)
  {
    if info.owner != 0, info.owner != CurrentProcess.userID {
      throw .ownedByAnotherUser(path: path, folder: folder, owner: info.owner)
    }
    let sticky = folder != nil && info.isSticky
    if info.isWritableByOthers, !sticky {
      throw .writableByOthers(path: path, folder: folder, mode: info.permissions)
    }
  }

}
