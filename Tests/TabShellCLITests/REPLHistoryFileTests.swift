import Glibc
import TabShellPlatform
import Testing

@testable import TabShellHost

/// How the history file is written and read: each command appended (not the whole file rewritten),
/// trimmed atomically once it has grown past twice the limit, only the end of a huge file read,
/// over-long lines skipped, symbolic links written through.
@Suite struct REPLHistoryFileTests {
  /// A fresh folder under /tmp (left for the system to clean: the tests write small files).
  static func folder() throws -> String {
    var template = Array("/tmp/tabshell-history-file-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
    return try #require(made.map { String(cString: $0) })
  }

  static func inode(_ path: String) -> UInt64? { FileStatus.of(path)?.inode }

  @Test func eachSaveAppendsToTheSameFile() throws {
    let path = try Self.folder() + "/history"
    var history = REPLHistory.load(path: path, limit: 10)
    history.add("echo 1")
    try history.save()
    let first = Self.inode(path)
    history.add("echo 2")
    try history.save()
    #expect(first != nil && Self.inode(path) == first, "the file was replaced, not appended to")
    #expect(AtomicFileWriter.readText(atPath: path) == "echo 1\necho 2\n")
  }

  @Test func pastTwiceTheLimitTheFileIsTrimmedAtomically() throws {
    let path = try Self.folder() + "/history"
    var history = REPLHistory.load(path: path, limit: 3)
    for number in 1...6 {
      history.add("echo \(number)")
      try history.save()
    }
    let appended = Self.inode(path)
    #expect(AtomicFileWriter.readText(atPath: path) == (1...6).map { "echo \($0)\n" }.joined())
    history.add("echo 7")
    try history.save()
    #expect(AtomicFileWriter.readText(atPath: path) == "echo 5\necho 6\necho 7\n")
    #expect(Self.inode(path) != appended)
    #expect(REPLHistory.load(path: path, limit: 3).entries == ["echo 5", "echo 6", "echo 7"])
  }

  @Test func onlyTheEndOfAHugeFileIsRead() throws {
    let path = try Self.folder() + "/history"
    // 100 MB of NUL bytes with no line break (a hole: nothing on disk), then two lines.
    let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(descriptor, 100_000_000) == 0)
    #expect(lseek(descriptor, 0, SEEK_END) == 100_000_000)
    try SystemIO.writeAll(descriptor, Array("\nbefore\nlast\n".utf8))
    close(descriptor)
    let history = REPLHistory.load(path: path, limit: 10)
    #expect(history.entries == ["before", "last"])
    // The next save trims the file to the entries kept.
    var next = history
    next.add("after")
    try next.save()
    #expect(AtomicFileWriter.readText(atPath: path) == "before\nlast\nafter\n")
  }

  @Test func overLongLinesAreSkipped() throws {
    let path = try Self.folder() + "/history"
    let long = String(repeating: "x", count: REPLHistory.maximumEntryBytes + 1)
    try AtomicFileWriter(path: path).write("a\n\(long)\nb\n")
    #expect(REPLHistory.load(path: path).entries == ["a", "b"])
    var history = REPLHistory(path: path)
    let added = [history.add("echo " + long), history.add("echo short")]
    #expect(added == [false, true])
    #expect(history.entries == ["echo short"])
  }

  @Test func aLinkedHistoryIsWrittenThroughTheLink() throws {
    let folder = try Self.folder()
    let target = folder + "/real-history"
    let link = folder + "/history"
    try AtomicFileWriter(path: target).write("old\n")
    #expect(symlink(target, link) == 0)
    var history = REPLHistory.load(path: link, limit: 1)
    history.add("appended")
    try history.save()
    #expect(FileStatus.of(link, followingLinks: false)?.isSymbolicLink == true)
    #expect(AtomicFileWriter.readText(atPath: target) == "old\nappended\n")
    // Past twice the limit, the trim replaces the target, and the link stays a link.
    history.add("trimmed")
    try history.save()
    #expect(FileStatus.of(link, followingLinks: false)?.isSymbolicLink == true)
    #expect(AtomicFileWriter.readText(atPath: target) == "trimmed\n")
    #expect(DirectoryListing.names(in: folder) == ["history", "real-history"])
  }

  @Test func aLinkToNothingIsRefusedAndLeftAlone() throws {
    let folder = try Self.folder()
    let link = folder + "/history"
    #expect(symlink(folder + "/missing/history", link) == 0)
    var history = REPLHistory.load(path: link)
    history.add("echo x")
    let failure = #expect(throws: AtomicFileWriter.Failure.self) { try history.save() }
    #expect(failure?.stage == .resolve)
    #expect(failure?.description.hasPrefix("cannot follow the link '\(link)': ") == true)
    #expect(FileStatus.of(link, followingLinks: false)?.isSymbolicLink == true)
    let atomic = #expect(throws: AtomicFileWriter.Failure.self) {
      try AtomicFileWriter(path: link).write("x\n")
    }
    #expect(atomic?.stage == .resolve)
    #expect(DirectoryListing.names(in: folder) == ["history"])
  }

  @Test func withoutAPathNothingIsWritten() throws {
    var history = REPLHistory.load(path: nil)
    history.add("echo x")
    try history.save()
    #expect(history.entries == ["echo x"])
  }
}
