import TabShellLanguage
import TabShellPlatform
import TabShellRPC
import TabShellSessions

/// What the server knows of the command running now (a `run` request's, a line or a key of an
/// attached client), for ``SessionServer/serveWhileWaiting()``.
struct BusyState {
  /// The connection whose `run` request runs now, if one does: its client gone (or its
  /// `interrupt`) interrupts the commands.
  var requester: SessionConnection?
  /// The requests that came while a command ran and would run another, or attach a client: they
  /// are handled, in the order they came, once it ends. A connection with one held is not read
  /// meanwhile, so that its requests are answered in order.
  var held: [(connection: SessionConnection, line: [UInt8], toldBusy: Bool)] = []
  /// Whether the server is serving its connections from inside a command's wait.
  var isServing = false
}

/// A command that waits (`wait-for`, `sleep`) does not hold the session (docs/Contract.md,
/// "Sessions"): at each of its wake-ups (``whileWaiting(_:)``, at least
/// every 100 ms) the server takes connections in (closing those silent past their time to say
/// `hello`), reads them and answers what runs nothing
/// (`hello`, `info`, `events`, `kill`); a `run` or an `attach` is held until the command ends,
/// and its client is told the session is busy (a `busy` notification, once). Attached clients'
/// input is taken (Ctrl-C from the client whose key or line runs the command interrupts it,
/// ``SessionScreen``), and the frame is drawn as the full-screen mode draws it while it waits; a
/// `run` request's client gone, or its `interrupt`, interrupts its commands. Every connection's
/// output is written before the wait goes on.
extension SessionServer: InterpreterHost {
  /// A wake-up of a command's wait: the connections are served, then the attached clients'
  /// frame is drawn (as their mode draws while it waits), then every connection's output is
  /// written.
  package func whileWaiting(_ moment: WaitMoment) -> Int32 {
    if moment != .ended, !busy.isServing {
      busy.isServing = true
      serveConnections()
      busy.isServing = false
    }
    let limit = attachments?.whileWaiting(moment) ?? -1
    for connection in connections where connection.wantsWrite { write(connection) }
    return limit
  }

  /// `tui` in a session: its clients are full-screen already.
  package func enterFullScreen() throws(GestureError) {
    throw .fullScreenUnavailable("this session is full-screen already")
  }

  /// `detach`: the client that typed it, or every client (from `tabshell send`).
  package func detachClients() -> Bool {
    guard let attachments else { return false }
    attachments.detach()
    return true
  }

  /// The attached clients' full-screen mode, for its commands.
  package var fullScreen: (any FullScreenControl)? { attachments?.fullScreen }

  /// What prints outside a client's run (background work, a screen's plugin while it draws): the
  /// attached clients' panel, else nowhere: no terminal is there to show it.
  package var output: (any OutputSink)? { attachments?.backgroundOutput ?? Self.nowhere }

  private static let nowhere = DiscardedOutput()

  /// Takes waiting connections in, and reads once from each one that sent something.
  private func serveConnections() {
    if listener.isWatched() { acceptAll() }
    let open = connections.filter { $0.wantsRead && !isHeld($0) }
    let ready = SystemIO.wait(open.map { SystemIO.Watched(fd: $0.fd) }, milliseconds: 0)
    for (connection, state) in zip(open, ready) where state.readable || state.broken {
      read(connection)
    }
    // Connections that never say `hello` do not hold the connections' limit through a long wait.
    closeSilent()
  }

  /// Whether `connection` has a request held until the command ends.
  func isHeld(_ connection: SessionConnection) -> Bool {
    busy.held.contains { $0.connection === connection }
  }

  /// Holds `line` from `connection` until the command ends; its client is told the session is
  /// busy (not the command's own client, which knows).
  func hold(_ line: [UInt8], from connection: SessionConnection) {
    let toldBusy = connection !== busy.requester
    busy.held.append((connection, line, toldBusy))
    guard toldBusy else { return }
    connection.send(
      RPCMessage.notification(method: SessionMethod.busy.rawValue, params: .object([:])))
  }

  /// Handles the requests held while a command ran, in the order they came (those held while
  /// one of them runs wait for the next round), and what each connection sent after its own. A
  /// request whose client went meanwhile (it was not read while held: its socket is looked at
  /// now) is dropped with its connection, not run: a `send` given up (Ctrl-C after it said the
  /// session is busy) runs nothing later.
  func takeHeld() {
    for _ in busy.held.indices {
      guard !busy.held.isEmpty else { return }
      let (connection, line, toldBusy) = busy.held.removeFirst()
      guard !connection.isClosed, connection.stage != .closing else { continue }
      guard !connection.isGone else {
        drop(connection, reason: .detached)
        continue
      }
      // A client of protocol 2 told it was busy is told its request runs now: its Ctrl-C
      // interrupts the commands from here on, rather than giving up a request that never runs.
      if toldBusy, connection.version >= 2 {
        connection.send(
          RPCMessage.notification(method: SessionMethod.started.rawValue, params: .object([:])))
      }
      handle(line, from: connection)
      connection.lastActive = MonotonicClock.now()
      takeAll(connection)
    }
  }

  /// The session ends with requests still held (it was killed while a command ran): each is
  /// refused, so that its client says why rather than that the connection was lost.
  func refuseHeld() {
    for (connection, line, _) in busy.held {
      guard case .success(.request(let id, _, _)) = RPCMessage.parse(line) else { continue }
      let refusal = RPCError(
        code: SessionProtocol.refusal, message: "session '\(name)' ended before the request ran")
      connection.send(RPCMessage.error(id: id, refusal))
    }
    busy.held.removeAll()
  }

  /// Interrupts the command running now, as Ctrl-C does in the full-screen mode: it stops before
  /// its next step (a wait at its next wake-up), with status 130.
  func interruptCommand() {
    Interpreter.interruption.store(true, ordering: .relaxed)
  }
}
