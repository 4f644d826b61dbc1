import TabShellPlatform
import TabShellSessions

/// Taking connections in (docs/Sessions.md, "Where the socket is").
extension SessionServer {
  /// How long the listener rests when no descriptor is left to accept with, in milliseconds.
  static let listenerRestTime: UInt64 = 100

  /// Accepts every waiting connection; one from another user, or past
  /// ``SessionProtocol/connectionLimit``, is closed at once. When the process has no descriptor
  /// left (its terminal tabs took them), a waiting connection is refused with the spare's place
  /// (``SpareDescriptor``) rather than left waiting, which would wake every round at once; with
  /// no spare either, the listener rests for ``listenerRestTime``.
  func acceptAll() {
    while true {
      switch UnixSocket.acceptNext(listener) {
      case .connection(let fd):
        let peer = UnixSocket.peer(of: fd)
        let open = connections.count { !$0.isClosed }
        guard let peer, peer.userID == CurrentProcess.userID,
          open < SessionProtocol.connectionLimit
        else {
          SystemIO.close(fd)
          continue
        }
        connections.append(SessionConnection(fd: fd, peer: peer))
      case .outOfDescriptors:
        switch spare.refuseConnection(on: listener) {
        case .refused: continue
        case .noneWaiting: return
        case .impossible:
          listenerRest = MonotonicClock.now() + Self.listenerRestTime * 1_000_000
          return
        }
      case .none, .failed:
        return
      }
    }
  }
}
