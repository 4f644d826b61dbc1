import TabShellLanguage
import TabShellPlatform

/// One script to run as a test: where it is, and how it is shown.
struct TestScript: Equatable {
  /// The path as reports show it: relative to where `tabshell test` runs, as the user named it,
  /// control characters written as `\u{1B}` (a file's name must not drive the terminal, nor make
  /// a line of its own in the report).
  var path: String
  /// The folder it runs in (`.` for the current one).
  var folder: String
  /// Its file name, as the script is run (`tabshell NAME` in its folder).
  var name: String

  /// The path of a file beside it that has its name with another ending (`NAME.stdout`).
  func sibling(_ ending: String) -> String {
    let base = name.hasSuffix(".tabsh") ? String(name.dropLast(".tabsh".count)) : name
    return folder == "." ? base + ending : folder + "/" + base + ending
  }
}

/// Finds the scripts `tabshell test` runs (docs/Contract.md, "The test runner"): every `*.tabsh`
/// file under each folder, in the order of their paths, except files and folders whose name starts
/// with `_` (helpers that scripts source) and folders whose name starts with `.`; a file named on
/// the command line always runs. A script found twice runs once.
enum TestDiscovery {
  /// A path that is neither a file nor a folder.
  struct Missing: Error, Equatable {
    var path: String
  }

  /// The scripts under `paths` (none: the current folder), in a stable order.
  static func scripts(_ paths: [String]) throws(Missing) -> [TestScript] {
    var finder = Finder()
    for path in paths.isEmpty ? ["."] : paths {
      var info = stat()
      guard stat(path, &info) == 0 else { throw Missing(path: path) }
      if info.st_mode & S_IFMT == S_IFDIR {
        let shown = path == "." ? "" : trimmed(path)
        finder.walk(folder: path == "." ? "." : trimmed(path), shown: shown, info: info)
      } else {
        finder.add(path: path, info: info)
      }
    }
    return finder.scripts
  }

  /// A folder's path without its trailing slashes (`/` stays).
  private static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}

private struct FileID: Hashable {
  var device: UInt64
  var inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

private struct Finder {
  var scripts: [TestScript] = []
  var seen: Set<FileID> = []
  var walked: Set<FileID> = []

  mutating func add(path: String, info: stat) {
    guard seen.insert(FileID(info)).inserted else { return }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    scripts.append(TestScript(path: Checks.shown(path), folder: folder, name: name))
  }

  /// Adds the scripts of a folder and of the folders in it, depth first, each folder's entries in
  /// the order of their names. A folder reached again (through a link) is not walked twice.
  mutating func walk(folder: String, shown: String, info: stat) {
    guard walked.insert(FileID(info)).inserted else { return }
    for name in entries(of: folder) {
      let path = folder == "." ? name : (folder == "/" ? "/" : folder + "/") + name
      let shownPath = shown.isEmpty ? name : (shown == "/" ? "/" : shown + "/") + name
      var entry = stat()
      guard stat(path, &entry) == 0 else { continue }
      if entry.st_mode & S_IFMT == S_IFDIR {
        if !name.hasPrefix("_") { walk(folder: path, shown: shownPath, info: entry) }
      } else if name.hasSuffix(".tabsh"), !name.hasPrefix("_"), entry.st_mode & S_IFMT == S_IFREG {
        guard seen.insert(FileID(entry)).inserted else { continue }
        scripts.append(TestScript(path: Checks.shown(shownPath), folder: folder, name: name))
      }
    }
  }

  /// The names in a folder, sorted by their bytes, without `.`, `..` and hidden ones.
  private func entries(of folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        raw.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }
}
