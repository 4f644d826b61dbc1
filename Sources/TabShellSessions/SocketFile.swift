import TabShellPlatform

/// The file a server's socket is bound at, as it was just after `listen`: its path, and the device
/// and inode that make it this server's own.
///
/// A server removes its socket when it ends, but the path may name another file by then: the
/// socket was removed (by hand, or as stale) and a newer server of the same name bound its own
/// there. ``remove()`` leaves such a file alone, so an old server ending never takes a newer one's
/// socket away.
package struct SocketFile: Equatable, Sendable {
  /// The socket's path.
  package let path: String
  /// Its device and inode after `listen`; `nil` when they could not be had (then nothing is
  /// removed: a stale socket is cleaned by the next client, a newer one's must not be).
  private let identity: Identity?

  private struct Identity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
  }

  /// The socket just bound at `path` (call it right after `listen`).
  package init(boundAt path: String) {
    self.path = path
    identity = Self.identity(of: path)
  }

  /// Removes the file at ``path`` when it is still this socket; returns whether it did.
  @discardableResult
  package func remove() -> Bool {
    guard let identity, Self.identity(of: path) == identity else { return false }
    return FileSystem.remove(path)
  }

  private static func identity(of path: String) -> Identity? {
    guard let status = FileStatus.of(path, followingLinks: false), status.kind == .socket else {
      return nil
    }
    return Identity(device: status.device, inode: status.inode)
  }
}
