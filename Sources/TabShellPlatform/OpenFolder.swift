#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder held open (`open(O_DIRECTORY)`), its entries named by their bytes and looked at
/// relative to it (`fstatat`, `openat`): no path is built on the way, so neither a name that is not
/// UTF-8 nor a path longer than `PATH_MAX` hides an entry from whoever walks a tree with it.
package final class OpenFolder {
  /// One entry: its name's bytes and its status (links followed), or why there is none.
  package struct Entry {
    /// The name, as the file system holds it (not necessarily UTF-8).
    package var name: [UInt8]
    /// Its status, links followed; `nil` when it cannot be had (`problem` says why).
    package var status: FileStatus?
    /// Why there is no status (a link to nothing, a name too long).
    package var problem: SystemError?

    /// The name as text, `nil` when it is not UTF-8.
    package var text: String? { String(validating: name, as: UTF8.self) }
  }

  private let descriptor: Int32

  /// Opens the folder at `path`.
  package init(path: String) throws(SystemError) {
    descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError.current }
  }

  /// Opens the folder named `name` in `parent`.
  package init(in parent: OpenFolder, name: [UInt8]) throws(SystemError) {
    let opened = openat(
      parent.descriptor, Self.cString(name), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard opened >= 0 else { throw SystemError.current }
    descriptor = opened
  }

  deinit { close(descriptor) }

  /// A name's bytes as C wants them: `CChar`s ended by a NUL.
  private static func cString(_ name: [UInt8]) -> [CChar] {
    name.map { CChar(bitPattern: $0) } + [0]
  }

  /// The folder's own status.
  package var status: FileStatus? { FileStatus.of(descriptor: descriptor) }

  /// Its entries other than `.` and `..`, in the order the system gives them.
  package func entries() throws(SystemError) -> [Entry] {
    // A descriptor of its own for the listing: `closedir` closes it, and its offset is its own.
    let listing = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0 else { throw SystemError.current }
    guard let stream = fdopendir(listing) else {
      let error = SystemError.current
      close(listing)
      throw error
    }
    defer { closedir(stream) }
    var entries: [Entry] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      if name == [0x2E] || name == [0x2E, 0x2E] { continue }
      var info = stat()
      let found = fstatat(descriptor, Self.cString(name), &info, 0)
      entries.append(
        Entry(
          name: name, status: found == 0 ? FileStatus(info) : nil,
          problem: found == 0 ? nil : SystemError.current))
    }
    return entries
  }
}
