import TabShellPlatform

/// Which session a client means, and where its socket is (docs/Sessions.md): a name given, else
/// `$TABSHELL` (inside a session's terminal tab), else the only session running.
package struct SessionTarget: Equatable, Sendable {
  /// The socket's path.
  package var socket: String
  /// The session's name (the socket's file name).
  package var name: String

  /// Names a session at a socket.
  package init(socket: String, name: String) {
    self.socket = socket
    self.name = name
  }

  /// The session `name` (when given), else `$TABSHELL`, else the only session in `folder`.
  package static func resolve(
    name: String?, environment: [String: String], folder: SessionFolder
  ) throws(SessionError) -> SessionTarget {
    if let name {
      guard let session = SessionName(name) else { throw .badName(name) }
      if let problem = folder.problem() {
        if case .folderMissing = problem { throw .noSuchSession(name, running: []) }
        throw problem
      }
      return SessionTarget(socket: folder.socketPath(session), name: name)
    }
    if let socket = environment["TABSHELL"], !socket.isEmpty {
      let name = socket.split(separator: "/").last.map(String.init) ?? socket
      return SessionTarget(socket: socket, name: name)
    }
    if let problem = folder.problem() {
      if case .folderMissing = problem { throw .noSession }
      throw problem
    }
    let names = folder.sessionNames()
    switch names.count {
    case 0: throw .noSession
    case 1: return SessionTarget(socket: folder.socketPath(names[0]), name: names[0].text)
    default: throw .whichSession(names.map(\.text))
    }
  }

  /// The error for a failed `connect` to `socket`: a missing socket is no such session (with the
  /// names that do run), a refused one is a dead server (the socket is removed), or no socket at
  /// all (left alone).
  static func connectionError(_ error: SystemError, socket: String, name: String) -> SessionError {
    if error.isMissingFile {
      let folder = SessionFolder(path: Self.folder(of: socket), userID: CurrentProcess.userID)
      return .noSuchSession(name, running: folder.sessionNames().map(\.text))
    }
    if error == UnixSocket.connectionRefused {
      switch removeStale(socket) {
      case .removed: return .serverDied(name)
      case .starting: return .starting(name)
      case .notASocket: return .notASocket(socket)
      }
    }
    if error == .permissionDenied {
      let owner = FileStatus.of(socket, followingLinks: false)?.owner ?? 0
      if owner != CurrentProcess.userID { return .otherUser(socket, owner) }
    }
    return .system("cannot connect to '\(socket)'", error.description)
  }

  /// What ``removeStale(_:)`` did.
  package enum StaleSocket: Equatable, Sendable {
    /// The socket was removed.
    case removed
    /// A start of the session holds its lock: it replaces the socket itself (or its new server is
    /// binding it), so it is left alone; or a new server took its place meanwhile.
    case starting
    /// What is at the path is no socket of this user's: left alone.
    case notASocket
  }

  /// Removes the socket at `path`, to which a connection was refused, when it is a socket of this
  /// user's (a server that died left it) and no start of the session holds its lock
  /// (``SessionFolder/startLockPath(ofSocket:)``): a start replaces a stale socket under that lock,
  /// and its server's socket is refused for a moment between its `bind` and its `listen`.
  @discardableResult
  package static func removeStale(_ path: String) -> StaleSocket {
    guard let status = FileStatus.of(path, followingLinks: false), status.kind == .socket,
      status.owner == CurrentProcess.userID
    else { return .notASocket }
    // No lock file: no start of this name ever took it.
    let lock = try? FileLock(path: SessionFolder.startLockPath(ofSocket: path), creating: false)
    if let lock, !lock.tryLock() { return .starting }
    defer { lock?.unlock() }
    // Refused again, with the lock held: no start is between its bind and its listen, so it is
    // stale. Taken since (another client removed it, a new server took its place): left alone.
    do throws(SystemError) {
      SystemIO.close(try UnixSocket.connect(to: path, timeout: 0))
      return .starting
    } catch  where error == UnixSocket.connectionRefused {
      return FileSystem.remove(path) ? .removed : .notASocket
    } catch  where error.isMissingFile {
      return .removed
    } catch {
      return .starting
    }
  }

  /// Whether a start of the session at `socket` holds its lock now (its server is not ready).
  package static func isStarting(socket: String) -> Bool {
    guard
      let lock = try? FileLock(path: SessionFolder.startLockPath(ofSocket: socket), creating: false)
    else { return false }
    defer { lock.unlock() }
    return !lock.tryLock()
  }

  /// The folder part of a path (`.` for none).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
