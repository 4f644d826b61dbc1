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
  /// Why it cannot be run (its name is not UTF-8, its path too long), when it cannot: it is then
  /// an error of the run, not started.
  var problem: String? = nil

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
  /// A path named on the command line that is neither a file nor a folder, or that cannot be
  /// looked at: a usage error.
  struct Unreachable: Error, Equatable, CustomStringConvertible {
    /// The path as it was named.
    var path: String
    /// Why `stat` failed.
    var error: SystemError

    /// `no such file or folder 'PATH'`, or why it cannot be looked at (a path longer than the
    /// system takes, a folder on its way that cannot be searched); the path as every message shows
    /// it, a long one cut in its middle.
    var description: String {
      let shown = Self.shortened(Checks.shown(path))
      if error.isMissingFile { return "no such file or folder '\(shown)'" }
      // PATH_MAX bytes or more (no room for the final NUL), not one name on the way too long.
      if error == .nameTooLong, path.utf8.count > Finder.longestPath + 1 {
        return "cannot look at '\(shown)': \(TestDiscovery.tooLong(path))"
      }
      return "cannot look at '\(shown)': \(error)"
    }

    /// `text` whole up to 80 characters; else its first and last 38, with "…" between them.
    static func shortened(_ text: String) -> String {
      guard text.count > 80 else { return text }
      return String(text.prefix(38)) + "…" + String(text.suffix(38))
    }
  }

  /// The scripts under `paths` (none: the current folder), in a stable order.
  static func scripts(_ paths: [String]) throws(Unreachable) -> [TestScript] {
    var finder = Finder()
    for path in paths.isEmpty ? ["."] : paths {
      guard let info = FileStatus.of(path) else {
        throw Unreachable(path: path, error: .current)
      }
      if info.isDirectory {
        let shown = path == "." ? "" : trimmed(path)
        do throws(SystemError) {
          let folder = try OpenFolder(path: path)
          finder.walk(folder, folder: path == "." ? "." : trimmed(path), shown: shown, info: info)
        } catch {
          finder.unrunnable(shown.isEmpty ? "." : shown, "cannot read the folder: \(error)")
        }
      } else {
        finder.add(path: path, info: info)
      }
    }
    return finder.scripts
  }

  /// Why a path is too long to run a script at: its length, and the limit's name.
  static func tooLong(_ path: String) -> String {
    "its path is \(path.utf8.count) bytes, longer than the system takes (PATH_MAX)"
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

  init(_ info: FileStatus) {
    device = info.device
    inode = info.inode
  }
}

private struct Finder {
  var scripts: [TestScript] = []
  var seen: Set<FileID> = []
  var walked: Set<FileID> = []

  /// The longest path of a script that can run: its `NAME.stdout` (one byte longer) must still be
  /// a path the system takes (`PATH_MAX` bytes with the final NUL).
  static let longestPath = FileSystem.maximumPathBytes - 2
  /// A script's name's ending.
  static let ending = Array(".tabsh".utf8)

  mutating func add(path: String, info: FileStatus) {
    guard seen.insert(FileID(info)).inserted else { return }
    guard path.utf8.count <= Self.longestPath else {
      unrunnable(path, "cannot run it: " + TestDiscovery.tooLong(path))
      return
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    scripts.append(TestScript(path: Checks.shown(path), folder: folder, name: name))
  }

  /// Adds the scripts of a folder and of the folders in it, depth first, each folder's entries in
  /// the order of their names. A folder reached again (through a link) is not walked twice. The
  /// folder is walked through open descriptors, so that nothing under it is missed: a script that
  /// cannot be run (its name or a folder's on its way is not UTF-8, its path is too long for the
  /// system, it cannot be looked at) and a folder that cannot be read are each an error of the
  /// run, never left out in silence.
  ///
  /// `folder` is its path as a script's is run (`nil` once a name on the way is not UTF-8),
  /// `shown` as reports show it.
  mutating func walk(_ open: OpenFolder, folder: String?, shown: String, info: FileStatus) {
    guard walked.insert(FileID(info)).inserted else { return }
    let entries: [OpenFolder.Entry]
    do throws(SystemError) {
      entries = try open.entries()
    } catch {
      unrunnable(shown.isEmpty ? "." : shown, "cannot read the folder: \(error)")
      return
    }
    let sorted = entries.filter { $0.name.first != UInt8(ascii: ".") }.sorted {
      $0.name.lexicographicallyPrecedes($1.name)
    }
    for entry in sorted {
      let text = entry.text
      let path = text.flatMap { name in
        folder.map { $0 == "." ? name : ($0 == "/" ? "/" : $0 + "/") + name }
      }
      let name = text ?? Self.shown(entry.name)
      let shownPath = shown.isEmpty ? name : (shown == "/" ? "/" : shown + "/") + name
      let isHelper = entry.name.first == UInt8(ascii: "_")
      guard let status = entry.status else {
        if entry.name.ends(with: Self.ending), !isHelper {
          unrunnable(shownPath, "cannot run it: \(entry.problem ?? .noSuchFile)")
        }
        continue
      }
      if status.isDirectory {
        guard !isHelper else { continue }
        do throws(SystemError) {
          let inner = try OpenFolder(in: open, name: entry.name)
          walk(inner, folder: path, shown: shownPath, info: status)
        } catch {
          unrunnable(shownPath, "cannot read the folder: \(error)")
        }
      } else if entry.name.ends(with: Self.ending), !isHelper, status.isRegularFile {
        guard seen.insert(FileID(status)).inserted else { continue }
        guard let path, let folder else {
          unrunnable(shownPath, "cannot run it: its path is not UTF-8")
          continue
        }
        guard path.utf8.count <= Self.longestPath else {
          unrunnable(shownPath, "cannot run it: " + TestDiscovery.tooLong(path))
          continue
        }
        scripts.append(TestScript(path: Checks.shown(shownPath), folder: folder, name: text ?? ""))
      }
    }
  }

  /// A file that looks like a script (or a folder that may hold some) and cannot be run: a script
  /// of the run that fails with `problem` without being started.
  mutating func unrunnable(_ shownPath: String, _ problem: String) {
    scripts.append(
      TestScript(path: Checks.shown(shownPath), folder: "", name: "", problem: problem))
  }

  /// A name's bytes as text: valid UTF-8 as it is, each byte that is not as `\x{FF}`.
  static func shown(_ name: [UInt8]) -> String {
    var shown = ""
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = name.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let encoded):
        shown.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in name[offset..<offset + length] {
          shown += "\\x{" + String(byte, radix: 16, uppercase: true) + "}"
        }
        offset += length
      case .emptyInput:
        return shown
      }
    }
  }
}

extension [UInt8] {
  /// Whether the bytes end with `suffix`.
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
