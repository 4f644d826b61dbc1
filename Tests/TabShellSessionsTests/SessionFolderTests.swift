import Glibc
import TabShellPlatform
import TabShellSessions
import Testing

/// Where the socket folder is, and the checks that refuse an unfit one.
struct SessionFolderTests {
  @Test(arguments: [
    (["XDG_RUNTIME_DIR": "/run/user/7"], "/run/user/7/tabshell"),
    (["XDG_RUNTIME_DIR": "/run/user/7//"], "/run/user/7/tabshell"),
    (["XDG_RUNTIME_DIR": "relative/dir"], "/tmp/tabshell-7"),
    (["XDG_RUNTIME_DIR": ""], "/tmp/tabshell-7"),
    ([:], "/tmp/tabshell-7"),
  ])
  func path(environment: [String: String], expected: String) {
    #expect(SessionFolder(environment: environment, userID: 7).path == expected)
  }

  @Test func socketPathIsTheNameInTheFolder() throws {
    let folder = SessionFolder(path: "/run/user/7/tabshell", userID: 7)
    #expect(folder.socketPath(try #require(SessionName("work"))) == "/run/user/7/tabshell/work")
  }

  @Test func prepareMakesAPrivateFolder() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let folder = SessionFolder(environment: ["XDG_RUNTIME_DIR": base])
    #expect(folder.problem() == .folderMissing(base + "/tabshell"))
    try folder.prepare()
    let status = try #require(FileStatus.of(folder.path, followingLinks: false))
    #expect(status.isDirectory && status.permissions & 0o777 == 0o700)
    #expect(folder.problem() == nil)
    try folder.prepare()  // A second time: the folder is there and fit.
  }

  @Test func openFolderIsRefusedAndLeftAlone() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/tabshell"
    try FileSystem.makeFolder(path, permissions: 0o755)
    chmod(path, 0o755)
    let folder = SessionFolder(environment: ["XDG_RUNTIME_DIR": base])
    #expect(
      throws: SessionError.unsafeFolder(path, "its mode is 755, open to others (0700 is required)")
    ) {
      try folder.prepare()
    }
    #expect(FileStatus.of(path)?.permissions == 0o755)
  }

  @Test func linkAndFileAreRefused() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    try FileSystem.makeFolder(base + "/real", permissions: 0o700)
    #expect(symlink(base + "/real", base + "/link") == 0)
    let link = SessionFolder(path: base + "/link", userID: CurrentProcess.userID)
    #expect(link.problem() == .unsafeFolder(base + "/link", "it is a symbolic link"))
    writeFile(base + "/file")
    let file = SessionFolder(path: base + "/file", userID: CurrentProcess.userID)
    #expect(file.problem() == .unsafeFolder(base + "/file", "it is not a folder"))
  }

  @Test func anotherUsersFolderIsRefused() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let other = CurrentProcess.userID &+ 1
    let folder = SessionFolder(path: base, userID: other)
    #expect(
      folder.problem()
        == .unsafeFolder(base, "it belongs to user \(CurrentProcess.userID), not \(other)"))
  }

  @Test func sessionNamesAreTheSocketsWithValidNames() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let folder = SessionFolder(environment: ["XDG_RUNTIME_DIR": base])
    try folder.prepare()
    for name in ["b", "a", ".hidden"] {
      SystemIO.close(try UnixSocket.listen(at: folder.path + "/" + name))
    }
    writeFile(folder.path + "/file")
    #expect(folder.sessionNames().map(\.text) == ["a", "b"])
  }
}

/// Makes a small regular file at `path`.
func writeFile(_ path: String) {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  if fd >= 0 { close(fd) }
}
