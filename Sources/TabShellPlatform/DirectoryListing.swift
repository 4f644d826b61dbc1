#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a folder: the `opendir`/`readdir` loop, said once.
package enum DirectoryListing {
  /// One name in a folder and what it is.
  package struct Entry: Equatable, Sendable {
    /// The name (without the folder).
    package var name: String
    /// Whether it is a folder, or a symbolic link to one.
    package var isDirectory: Bool
  }

  /// The entries of `folder` other than `.` and `..`, in the order the system gives them; `nil`
  /// when the folder cannot be read. Whether an entry is a folder comes from `d_type`, else (a link,
  /// or a file system that does not say) from `stat`.
  package static func entries(of folder: String) -> [Entry]? {
    guard let stream = opendir(folder) else { return nil }
    defer { closedir(stream) }
    var entries: [Entry] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let type = Int(entry.pointee.d_type)
      let isDirectory =
        switch type {
        case Int(DT_DIR): true
        case Int(DT_LNK), Int(DT_UNKNOWN):
          FileStatus.of(folder + "/" + name)?.isDirectory ?? false
        default: false
        }
      entries.append(Entry(name: name, isDirectory: isDirectory))
    }
    return entries
  }

  /// The names in `folder` other than `.` and `..`, sorted; none when it cannot be read.
  package static func names(in folder: String) -> [String] {
    (entries(of: folder) ?? []).map(\.name).sorted()
  }
}
