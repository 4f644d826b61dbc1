import Glibc
import TabShellPlatform
import Testing

@testable import TabShellHost

/// A fresh folder under /tmp, removed with everything in it at the end of the test.
private final class TemporaryFolder {
  let path: String

  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    var template = Array("/tmp/tabshell-history-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    path = try #require(made.map { String(cString: $0) }, sourceLocation: sourceLocation)
  }

  deinit {
    Self.remove(path)
  }

  private static func remove(_ path: String) {
    chmod(path, 0o700)
    if unlink(path) == 0 { return }
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
    for name in DirectoryListing.names(in: path) { remove(path + "/" + name) }
    rmdir(path)
  }

  /// The names in `folder` (without `.` and `..`).
  func names(in folder: String) -> [String] {
    DirectoryListing.names(in: folder)
  }
}

private func mode(of path: String) -> mode_t? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return status.st_mode & 0o777
}

/// Saves a new history holding `entries` at `path`.
private func save(_ entries: [String], to path: String) throws(AtomicFileWriter.Failure) {
  var history = REPLHistory(path: path, entries: entries)
  try history.save()
}

@Suite struct REPLHistoryTests {
  @Test func blankLinesAndRepeatsOfThePreviousLineAreNotAdded() {
    var history = REPLHistory(path: "/unused", limit: 10)
    let added = ["tab 1", "tab 1", "", "   \t ", "swipe left", "tab 1"].map { history.add($0) }
    #expect(added == [true, false, false, false, true, true])
    #expect(history.entries == ["tab 1", "swipe left", "tab 1"])
  }

  @Test func pastedLinesAreStoredAsOneLineThatRunsTheSameCommands() {
    var history = REPLHistory(path: "/unused")
    history.add("tab 2\nswipe left\n")
    #expect(history.entries == ["tab 2; swipe left"])
    #expect(history.fileContents == "tab 2; swipe left\n")
  }

  @Test(arguments: [
    ("echo a", "echo a"),
    ("echo a\necho b", "echo a; echo b"),
    ("echo a\r\n\n  \necho b\n", "echo a; echo b"),
    ("echo a # note\necho b", "echo a; echo b"),
    ("# only a comment\necho b", "echo b"),
    ("echo 'x # y'\necho \"q\\\" # r\"", "echo 'x # y'; echo \"q\\\" # r\""),
    ("echo lo\\\nng\necho \\# x", "echo long; echo \\# x"),
    ("echo 'open\necho b", "echo 'open; echo b"),
  ])
  func oneLineRunsTheSameCommands(text: String, expected: String) {
    #expect(REPLHistory.oneLine(text) == expected)
  }

  @Test func theOldestEntriesGoPastTheLimit() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    var history = REPLHistory(path: path, limit: 3)
    for number in 1...5 { history.add("echo \(number)") }
    #expect(history.entries == ["echo 3", "echo 4", "echo 5"])
    try history.save()
    #expect(AtomicFileWriter.readText(atPath: path) == "echo 3\necho 4\necho 5\n")
    #expect(REPLHistory.load(path: path, limit: 2).entries == ["echo 4", "echo 5"])
  }

  @Test func loadingDropsEmptyLinesAndRepeats() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try AtomicFileWriter(path: path).write("a\n\na\nb\n   \nc")
    #expect(REPLHistory.load(path: path).entries == ["a", "b", "c"])
  }

  @Test func aMissingFileIsAnEmptyHistory() {
    #expect(REPLHistory.load(path: "/nonexistent/tabshell/history").entries.isEmpty)
  }

  @Test func savingCreatesPrivateFoldersAndAPrivateFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/state/tabshell/history"
    var history = REPLHistory(path: path, entries: ["help", "tabs"])
    try history.save()
    #expect(REPLHistory.load(path: path) == history)
    #expect(mode(of: folder.path + "/state") == 0o700)
    #expect(mode(of: folder.path + "/state/tabshell") == 0o700)
    #expect(mode(of: path) == 0o600)
    #expect(folder.names(in: folder.path + "/state/tabshell") == ["history"])
  }

  @Test func twoREPLsOpenAtOnceBothKeepTheirLines() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try save(["old"], to: path)
    var first = REPLHistory.load(path: path, limit: 4)
    var second = REPLHistory.load(path: path, limit: 4)
    first.add("first 1")
    try first.save()
    second.add("second 1")
    second.add("second 2")
    try second.save()
    first.add("second 2")
    first.add("first 2")
    try first.save()
    #expect(first.unsaved.isEmpty && second.unsaved.isEmpty)
    #expect(second.entries == ["old", "second 1", "second 2"])
    #expect(
      REPLHistory.load(path: path, limit: 4).entries
        == ["first 1", "second 1", "second 2", "first 2"])
  }

  @Test func aHistoryPathThatCannotBeReadIsNotReplaced() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    #expect(mkdir(path, 0o700) == 0)
    let failure = #expect(throws: AtomicFileWriter.Failure.self) { try save(["x"], to: path) }
    #expect(failure?.stage == .append)
    #expect(failure?.code == EISDIR)
    #expect(folder.names(in: path).isEmpty)
    #expect(REPLHistory.load(path: path).entries.isEmpty)
  }

  @Test(arguments: [
    AtomicFileWriter.Stage.createFolder, .createTemporary, .write, .sync, .rename,
  ])
  func aFailedWriteLeavesTheOldFileWholeAndNoTemporaryFile(stage: AtomicFileWriter.Stage) throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try save(["old 1", "old 2"], to: path)
    var writer = AtomicFileWriter(path: path)
    writer.injectedFailure = stage
    let failure = #expect(throws: AtomicFileWriter.Failure.self) {
      try writer.write(String(repeating: "new line\n", count: 1_000))
    }
    #expect(failure?.stage == stage)
    #expect(AtomicFileWriter.readText(atPath: path) == "old 1\nold 2\n")
    #expect(folder.names(in: folder.path) == ["history"])
  }

  // Not as root (root writes into read-only folders): scripts/test, which CI runs as root, runs it
  // again as the user nobody (setpriv), so that it runs somewhere. As it never ran, it rotted: the
  // history now appends, and only its rewrite (past twice its limit) makes a temporary file.
  @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
  func aWriteIntoAnUnwritableFolderLeavesTheOldFileWhole() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    try save(["old"], to: path)
    chmod(folder.path, 0o500)
    let failure = #expect(throws: AtomicFileWriter.Failure.self) {
      try AtomicFileWriter(path: path).write("new\n")
    }
    #expect(failure?.stage == .createTemporary)
    #expect(failure?.code == EACCES)
    #expect(AtomicFileWriter.readText(atPath: path) == "old\n")
  }

  @Test func aFileWhereAFolderShouldBeFailsCleanly() throws {
    let folder = try TemporaryFolder()
    try AtomicFileWriter(path: folder.path + "/state").write("not a folder")
    let failure = #expect(throws: AtomicFileWriter.Failure.self) {
      try save(["x"], to: folder.path + "/state/tabshell/history")
    }
    #expect(failure?.stage == .createFolder)
    #expect(
      failure?.description.hasPrefix("cannot create the folder '\(folder.path)/state/tabshell': ")
        == true)
    #expect(AtomicFileWriter.readText(atPath: folder.path + "/state") == "not a folder")
  }

  @Test func aKilledWritersTemporaryFileIsRemovedByTheNextWrite() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/history"
    // No process has this id (past Linux's largest pid): its writer is gone.
    let stale = folder.path + "/.history.tmp-2147483646-7"
    let live = folder.path + "/.history.tmp-\(getpid())-7"
    let other = folder.path + "/.notes.tmp-2147483646-7"
    for file in [stale, live, other] { try AtomicFileWriter(path: file).write("half") }
    try AtomicFileWriter(path: path).write("new\n")
    #expect(access(stale, F_OK) != 0)
    #expect(access(live, F_OK) == 0)
    #expect(access(other, F_OK) == 0)
    #expect(AtomicFileWriter.readText(atPath: path) == "new\n")
  }

}

@Suite struct REPLReadlineGlueTests {
  @Test(arguments: [
    ("sw", ["swipe"], ["swipe"]),
    ("", [], []),
    ("t", ["tab", "tabs", "tab"], ["tab", "tab", "tabs"]),
    ("s", ["show-bar", "swipe"], ["s", "show-bar", "swipe"]),
    ("Mu", ["music", "musique"], ["musi", "music", "musique"]),
    ("Music", ["mu", "music"], ["Music", "mu", "music"]),
    ("", ["消息", "消费"], ["消", "消息", "消费"]),
  ])
  func matchesAreLaidOutForReadline(typed: String, candidates: [String], expected: [String]) {
    #expect(CompletionMatches.readlineMatches(typed: typed, candidates: candidates) == expected)
  }

  @Test(arguments: [
    (["Home"], ["Home"]),
    (["My Tab"], ["'My Tab'"]),
    (["My ", "My Tab", "My Top"], ["'My ", "My Tab", "My Top"]),
    (["it's"], ["\"it's\""]),
    (["a \\ \"b\" 'c'"], ["\"a \\\\ \\\"b\\\" 'c'\""]),
    (["My Folder/"], ["'My Folder/"]),
  ])
  func aWordWithBlanksIsQuotedForInsertion(matches: [String], expected: [String]) {
    #expect(CompletionMatches.quotingInsertion(matches) == expected)
  }

  @Test func theEngineSeesAQuotedWordWithoutItsQuote() {
    let line = Array("tab 'my t".utf8)
    let quoted = CompletionMatches.engineWord(line: line, start: 5, end: 9, openedWithQuote: true)
    #expect(quoted.line == "tab my t" && quoted.start == 4 && quoted.end == 8)
    let bare = CompletionMatches.engineWord(
      line: Array("tab my".utf8), start: 4, end: 99, openedWithQuote: false)
    #expect(bare.line == "tab my" && bare.start == 4 && bare.end == 6)
  }

  @Test func theCommonPrefixNeverSplitsACharacter() {
    #expect(CompletionMatches.commonPrefix(of: ["cafe\u{301}", "cafe"]) == "caf")
  }

  @Test func theMatchArrayIsNullTerminated() throws {
    let array = try #require(CompletionMatches.cArray(["a", "bc"]))
    defer {
      free(array[0])
      free(array[1])
      free(array)
    }
    #expect(array[0].map { String(cString: $0) } == "a")
    #expect(array[1].map { String(cString: $0) } == "bc")
    #expect(array[2] == nil)
    #expect(CompletionMatches.cArray([]) == nil)
  }

  @Test(arguments: [
    ("plain> ", "plain> "),
    ("\u{1B}[1mbold\u{1B}[0m> ", "\u{01}\u{1B}[1m\u{02}bold\u{01}\u{1B}[0m\u{02}> "),
    ("\u{1B}]0;title\u{07}x> ", "\u{01}\u{1B}]0;title\u{07}\u{02}x> "),
    ("\u{01}\u{1B}[1m\u{02}x> ", "\u{01}\u{1B}[1m\u{02}x> "),
  ])
  func escapeSequencesInThePromptAreMarkedInvisible(prompt: String, expected: String) {
    #expect(ReadlinePrompt.markingInvisible(prompt) == expected)
  }
}
