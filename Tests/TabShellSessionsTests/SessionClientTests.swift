import TabShellPlatform
import TabShellRPC
import TabShellSessions
import Testing

/// The client's side: which session is meant, and the clear errors for a missing, dead, silent or
/// refusing server.
struct SessionClientTests {
  @Test func namedSessionIsItsSocket() throws {
    let folder = SessionFolder(path: "/nonexistent-\(CurrentProcess.id)", userID: 1)
    #expect(throws: SessionError.noSuchSession("work", running: [])) {
      try SessionTarget.resolve(name: "work", environment: [:], folder: folder)
    }
    #expect(throws: SessionError.badName("-x")) {
      try SessionTarget.resolve(name: "-x", environment: [:], folder: folder)
    }
  }

  @Test func tabshellVariableWinsWhenNoNameIsGiven() throws {
    let folder = SessionFolder(path: "/nonexistent-\(CurrentProcess.id)", userID: 1)
    let target = try SessionTarget.resolve(
      name: nil, environment: ["TABSHELL": "/run/x/tabshell/dev"], folder: folder)
    #expect(target == SessionTarget(socket: "/run/x/tabshell/dev", name: "dev"))
    #expect(throws: SessionError.noSession) {
      try SessionTarget.resolve(name: nil, environment: [:], folder: folder)
    }
  }

  @Test func theOnlySessionOrAListOfThem() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let folder = SessionFolder(environment: ["XDG_RUNTIME_DIR": base])
    try folder.prepare()
    #expect(throws: SessionError.noSession) {
      try SessionTarget.resolve(name: nil, environment: [:], folder: folder)
    }
    let one = try UnixSocket.listen(at: folder.path + "/one")
    defer { SystemIO.close(one) }
    #expect(
      try SessionTarget.resolve(name: nil, environment: [:], folder: folder)
        == SessionTarget(socket: folder.path + "/one", name: "one"))
    let two = try UnixSocket.listen(at: folder.path + "/two")
    defer { SystemIO.close(two) }
    #expect(throws: SessionError.whichSession(["one", "two"])) {
      try SessionTarget.resolve(name: nil, environment: [:], folder: folder)
    }
  }

  @Test func missingSessionNamesTheRunningOnes() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let folder = SessionFolder(environment: ["XDG_RUNTIME_DIR": base])
    try folder.prepare()
    let other = try UnixSocket.listen(at: folder.path + "/other")
    defer { SystemIO.close(other) }
    #expect(throws: SessionError.noSuchSession("work", running: ["other"])) {
      try SessionClient.connect(socket: folder.path + "/work", name: "work", client: "send")
    }
  }

  @Test func staleSocketIsReportedAndRemoved() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/dead"
    SystemIO.close(try UnixSocket.listen(at: path))  // The server died; its socket is left.
    #expect(FileStatus.of(path, followingLinks: false)?.kind == .socket)
    #expect(throws: SessionError.serverDied("dead")) {
      try SessionClient.connect(socket: path, name: "dead", client: "send")
    }
    #expect(!FileStatus.exists(path))
  }

  /// A file that is no socket where a session's socket would be is said so and left alone:
  /// the client neither says a server died nor removes it.
  @Test func whatIsNoSocketIsLeftAlone() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/file"
    try FileSystem.copyFile(from: "/etc/passwd", to: path, permissions: 0o600)
    #expect(throws: SessionError.notASocket(path)) {
      try SessionClient.connect(socket: path, name: "file", client: "send")
    }
    #expect(FileStatus.of(path, followingLinks: false)?.kind == .regularFile)
  }

  @Test func serverThatDoesNotAnswerIsGivenUpOn() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-sessions-test-")
    defer { FileSystem.removeTree(base) }
    let listener = try UnixSocket.listen(at: base + "/silent")  // Never accepts, never answers.
    defer { SystemIO.close(listener) }
    let start = MonotonicClock.now()
    #expect(throws: SessionError.notAnswering("silent", milliseconds: 200)) {
      try SessionClient.connect(
        socket: base + "/silent", name: "silent", client: "send", timeout: 200)
    }
    let elapsed = (MonotonicClock.now() - start) / 1_000_000
    #expect(elapsed >= 190 && elapsed < 1000)
  }
}
