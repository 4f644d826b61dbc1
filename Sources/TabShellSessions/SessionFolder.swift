import TabShellPlatform

/// The folder of the sessions' sockets (docs/Sessions.md, "Where the socket is"):
/// `$XDG_RUNTIME_DIR/tabshell/` when that variable is an absolute path, else `/tmp/tabshell-UID/`.
///
/// The folder is made with mode 0700; one that is a symbolic link, is not a folder, belongs to
/// another user or is open to others (any of `0o077`) is refused, never used or changed.
package struct SessionFolder: Equatable, Sendable {
  /// The folder's path, without a trailing `/`.
  package let path: String
  /// The user it must belong to.
  package let userID: UInt32

  /// The folder at `path`, for `userID`.
  package init(path: String, userID: UInt32) {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    self.path = path
    self.userID = userID
  }

  /// The folder the environment names, for `userID` (the process's own by default).
  package init(environment: [String: String], userID: UInt32 = CurrentProcess.userID) {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      var base = runtime
      while base.count > 1, base.hasSuffix("/") { base.removeLast() }
      self.init(path: (base == "/" ? "" : base) + "/tabshell", userID: userID)
    } else {
      self.init(path: "/tmp/tabshell-\(userID)", userID: userID)
    }
  }

  /// The socket of the session `name`.
  package func socketPath(_ name: SessionName) -> String { path + "/" + name.text }

  /// The lock that a start of the session whose socket is `socket` holds while it replaces a stale
  /// socket and its server starts (``TabShellPlatform/FileLock``): `.NAME.lock` beside the socket,
  /// a name no session can have.
  package static func startLockPath(ofSocket socket: String) -> String {
    let slash = socket.lastIndex(of: "/")
    let folder = slash.map { String(socket[...$0]) } ?? ""
    let name = slash.map { String(socket[socket.index(after: $0)...]) } ?? socket
    return folder + "." + name + ".lock"
  }

  /// Checks the folder as it is: `nil` when it is fit to use, else why not (a missing folder is
  /// ``SessionError/folderMissing(_:)``).
  package func problem() -> SessionError? {
    guard let status = FileStatus.of(path, followingLinks: false) else {
      return .folderMissing(path)
    }
    if status.isSymbolicLink { return .unsafeFolder(path, "it is a symbolic link") }
    if !status.isDirectory { return .unsafeFolder(path, "it is not a folder") }
    if status.owner != userID {
      return .unsafeFolder(path, "it belongs to user \(status.owner), not \(userID)")
    }
    if status.permissions & 0o077 != 0 {
      let mode = String(status.permissions & 0o777, radix: 8)
      return .unsafeFolder(path, "its mode is \(mode), open to others (0700 is required)")
    }
    return nil
  }

  /// Makes the folder (mode 0700) when it is missing, then checks it (``problem()``).
  package func prepare() throws(SessionError) {
    if case .folderMissing = problem() {
      do throws(SystemError) {
        try FileSystem.makeFolder(path, permissions: 0o700)
      } catch {
        throw .cannotMakeFolder(path, error.description)
      }
    }
    if let problem = problem() { throw problem }
  }

  /// The sessions whose sockets are in the folder (names that follow the rule and are sockets),
  /// sorted; none when the folder is missing or unfit.
  package func sessionNames() -> [SessionName] {
    guard problem() == nil else { return [] }
    return DirectoryListing.names(in: path).compactMap { name in
      guard let session = SessionName(name),
        FileStatus.of(socketPath(session), followingLinks: false)?.kind == .socket
      else { return nil }
      return session
    }
  }
}
