import TabShellPlatform
import TabShellSessions
import Testing

/// A socket refused is removed as stale only when it is (docs/Sessions.md, "Where the socket
/// is"): not while a start of the session holds its lock, and not when a server listens there by
/// the time the lock is taken.
struct StaleSocketTests {
  @Test func aStaleSocketIsRemoved() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-stale-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/dead"
    SystemIO.close(try UnixSocket.listen(at: path))
    // A start held the lock once: its file stays.
    _ = try FileLock(path: SessionFolder.startLockPath(ofSocket: path))
    #expect(SessionTarget.removeStale(path) == .removed)
    #expect(!FileStatus.exists(path))
    #expect(FileStatus.exists(base + "/.dead.lock"))
  }

  @Test func aSocketIsLeftAloneWhileAStartHoldsItsLock() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-stale-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/starting"
    SystemIO.close(try UnixSocket.listen(at: path))
    // Held through a descriptor of its own: flock's locks belong to an open file, so the one the
    // client opens does not share it, as another process's would not.
    let start = try FileLock(path: SessionFolder.startLockPath(ofSocket: path))
    #expect(start.tryLock())
    defer { start.unlock() }
    #expect(SessionTarget.removeStale(path) == .starting)
    #expect(FileStatus.of(path, followingLinks: false)?.kind == .socket)
    #expect(throws: SessionError.starting("starting")) {
      try SessionClient.connect(socket: path, name: "starting", client: "send")
    }
  }

  @Test func aSocketAServerListensAtByTheLockIsLeftAlone() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-stale-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/replaced"
    let listener = try UnixSocket.listen(at: path)
    defer { SystemIO.close(listener) }
    #expect(SessionTarget.removeStale(path) == .starting)
    #expect(FileStatus.of(path, followingLinks: false)?.kind == .socket)
  }

  @Test func aServerStillStartingIsSaidToBe() throws {
    let base = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-stale-test-")
    defer { FileSystem.removeTree(base) }
    let path = base + "/slow"
    // Listening, not answering yet: its start-up file runs, its start holds the lock.
    let listener = try UnixSocket.listen(at: path)
    defer { SystemIO.close(listener) }
    let start = try FileLock(path: SessionFolder.startLockPath(ofSocket: path))
    #expect(start.tryLock())
    #expect(throws: SessionError.starting("slow")) {
      try SessionClient.connect(socket: path, name: "slow", client: "send", timeout: 100)
    }
    start.unlock()
    #expect(throws: SessionError.notAnswering("slow", milliseconds: 100)) {
      try SessionClient.connect(socket: path, name: "slow", client: "send", timeout: 100)
    }
  }
}
