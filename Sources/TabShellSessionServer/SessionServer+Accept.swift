import TabShellJSON
import TabShellPlatform
import TabShellRPC
import TabShellSessions

/// Taking connections in (docs/Sessions.md, "Where the socket is").
extension SessionServer {
  /// How long the listener rests when no descriptor is left to accept with, in milliseconds.
  static let listenerRestTime: UInt64 = 100

  /// Accepts every waiting connection; one from another user is closed at once. One past
  /// ``ConnectionLimits/connectionLimit`` takes the place of the connection idle longest (``makeRoom(for:)``). When
  /// the process has no descriptor left (its terminal tabs took them), a waiting connection is
  /// refused with the spare's place (``SpareDescriptor``) rather than left waiting, which would
  /// wake every round at once; with no spare either, the listener rests for ``listenerRestTime``.
  func acceptAll() {
    while true {
      switch UnixSocket.acceptNext(listener.fd) {
      case .connection(let fd):
        guard let peer = UnixSocket.peer(of: fd), peer.userID == CurrentProcess.userID else {
          SystemIO.close(fd)
          continue
        }
        let connection = SessionConnection(fd: fd, peer: peer)
        connections.append(connection)
        if connections.count(where: { !$0.isClosed }) > limits.connectionLimit {
          makeRoom(for: connection)
        }
      case .outOfDescriptors:
        switch listener.spare.refuseConnection(on: listener.fd) {
        case .refused: continue
        case .noneWaiting: return
        case .impossible:
          listener.restingUntil = MonotonicClock.now() + Self.listenerRestTime * 1_000_000
          return
        }
      case .none, .failed:
        return
      }
    }
  }

  /// The connections are past their limit with `newcomer`: the one idle longest is closed, told
  /// why (the `closed` notification), so that a client that comes (`send`, `sessions`,
  /// `kill-session`) is served however many connections idle clients left open. When none may
  /// go (every other one is attached, runs or waits for a command, or has a message or an answer
  /// under way), the newcomer is refused with an error that says so.
  private func makeRoom(for newcomer: SessionConnection) {
    // Clients gone since the last read give their places up first.
    closeGone()
    let open = connections.count { !$0.isClosed }
    guard open > limits.connectionLimit else { return }
    guard let idlest = idlest(besides: newcomer) else {
      let refusal = RPCError(
        code: SessionProtocol.refusal,
        message: "session '\(name)' has \(open - 1) connections open, none of them idle: "
          + "this one is refused")
      closeNow(newcomer, saying: .error(id: .null, refusal))
      return
    }
    let message =
      "session '\(name)' closed this connection, idle longest of its \(open - 1): "
      + "one more client came"
    closeNow(
      idlest,
      saying: .notification(
        method: SessionMethod.closed.rawValue, params: ["message": .string(message)]))
  }

  /// The connection that gives its place up to `newcomer`: one that has not said `hello` for
  /// ``ConnectionLimits/silentGrace`` since it came, the one accepted first; else the one idle longest
  /// (``TabShellSessions/SessionConnection/lastActive``: one that has not said `hello` yet counts
  /// from its accept) whose request neither runs nor is held, those that take `events` after the
  /// others. Attached clients never.
  private func idlest(besides newcomer: SessionConnection) -> SessionConnection? {
    let candidates = connections.filter {
      $0 !== newcomer && !$0.isClosed && ($0.stage == .greeting || $0.stage == .lines)
        && $0 !== busy.requester && !isHeld($0)
    }
    let now = MonotonicClock.now()
    let silent = candidates.filter {
      $0.stage == .greeting && $0.accepted + UInt64(limits.silentGrace) * 1_000_000 <= now
    }
    if let first = silent.min(by: { $0.accepted < $1.accepted }) { return first }
    return candidates.min { a, b in
      let (aWatches, bWatches) = (subscribers.contains(a), subscribers.contains(b))
      return aWatches == bWatches ? a.lastActive < b.lastActive : !aWatches
    }
  }

  /// Closes the connections whose client is gone (hung up, or in error) and not read since:
  /// those whose request neither runs nor is held (those are dropped when they are read).
  private func closeGone() {
    let open = connections.filter {
      !$0.isClosed && $0.stage != .closing && $0 !== busy.requester && !isHeld($0)
    }
    guard case .success(let states) = SystemIO.waitForInput(open.map(\.fd), milliseconds: 0)
    else { return }
    for (connection, state) in zip(open, states)
    where !state.isDisjoint(with: [.hungUp, .error, .invalid]) {
      drop(connection, reason: .detached)
    }
  }

  /// Writes `message` to `connection` if its socket takes it now, and closes it: a client that
  /// does not read misses the words, not its place.
  private func closeNow(_ connection: SessionConnection, saying message: RPCMessage) {
    subscribers.remove(connection)
    connection.sendLast(message.line)
    _ = connection.flush()
    connection.close()
  }
}
