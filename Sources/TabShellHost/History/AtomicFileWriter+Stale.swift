import TabShellPlatform

extension AtomicFileWriter {
  /// Removes the temporary files that writers of ``path`` left behind when they were killed between
  /// creating and renaming them: `.NAME.tmp-PID-N` whose process no longer exists. A live writer's
  /// file is left alone.
  package func removeStaleTemporaries() {
    let folder = Self.folder(of: path)
    let prefix = ".\(Self.fileName(of: path)).tmp-"
    var stale: [String] = []
    for name in DirectoryListing.names(in: folder) {
      guard name.hasPrefix(prefix) else { continue }
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else {
        continue
      }
      if !CurrentProcess.exists(pid) { stale.append(folder + "/" + name) }
    }
    for file in stale { FileSystem.remove(file) }
  }
}
