import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellSessions

/// A session's server (docs/Sessions.md): a single-threaded `poll` loop over the listening socket,
/// the clients' connections, the signal pipe and the interpreter's background work (process
/// plugins, terminal tabs' programs, timers). It never blocks on a client: sockets are
/// non-blocking, each connection's output is bounded (``TabShellSessions/SessionProtocol``), and a
/// connection that sends garbage, floods past the limits or stops reading is cut off.
///
/// Line-mode requests are answered here (`SessionServer+Requests.swift`); attached clients are
/// plugged in through ``attachments`` (``AttachedClients``). Without them, `attach` is refused.
///
/// Isolation: the thread that owns the interpreter.
package final class SessionServer {
  /// The interpreter the session runs.
  package let interpreter: Interpreter
  /// The session's name.
  package let name: String
  /// The socket's file, removed when the server ends if it is still this server's.
  package let socket: SocketFile
  /// When the session started, in seconds since 1970.
  package let started = WallClock.secondsSince1970()
  /// The attached clients' part of the loop, when there is one.
  package var attachments: (any AttachedClients)?
  /// How long the server waits for its connections and how many it keeps (tests change them).
  package var limits = ConnectionLimits()
  /// The connections open now.
  package internal(set) var connections: [SessionConnection] = []
  /// How the session ends, once it does: the status and the reason attached clients are given.
  package internal(set) var ending: (status: Int32, reason: EndReason)?
  /// Connections that asked for `events`, and the observer that feeds them.
  var subscribers = EventSubscribers()
  /// The listening socket.
  var listener: SessionListener
  /// The command running now, while it waits (`SessionServer+Busy.swift`).
  var busy = BusyState()
  private var signals: SignalWatcher?
  /// The terminal tabs, whose looks the server's rounds put off (``runBackground()``), as the
  /// shell's services have them (set up with the interpreter): kept, so that a round does not
  /// copy them out of the services.
  private let terminalTabs: (any TerminalTabs)?

  /// A server for `interpreter` on the socket `listener` bound at `socket`.
  package init(interpreter: Interpreter, name: String, socket: SocketFile, listener: Int32) {
    self.interpreter = interpreter
    self.name = name
    self.socket = socket
    self.listener = SessionListener(fd: listener)
    terminalTabs = interpreter.services.terminals
    interpreter.host = self
  }

  /// The socket's path.
  package var socketPath: String { socket.path }

  /// How many clients are attached.
  package var attachedCount: Int { connections.count { $0.stage == .frames } }

  /// Runs until the session ends (`quit`, `exit`, `kill`, SIGTERM, SIGHUP); then closes every
  /// connection and removes the socket. Returns the status.
  package func run() -> Int32 {
    signals = SignalWatcher(deadline: false)
    defer {
      signals?.restore()
      signals = nil
    }
    while ending == nil { runRound() }
    return finish()
  }

  /// One round: waits (at most `timeout` ms, and no longer than the background work and the
  /// attached clients allow) for a socket, a signal or background work, then handles what came.
  package func runRound(timeout: Int32 = -1) {
    // Requests held back while a command ran are answered first, in the order they came.
    takeHeld()
    // A resting listener is watched with fd -1 (its waiting connections would wake every wait).
    var watched = [SystemIO.Watched(fd: listener.isWatched() ? listener.fd : -1)]
    if let signals { watched.append(SystemIO.Watched(fd: signals.readDescriptor)) }
    let first = watched.count
    let open = connections.filter { !$0.isClosed }
    for connection in open {
      // A connection that may not read (closing, or its input full) is watched with fd -1.
      watched.append(
        SystemIO.Watched(
          fd: connection.wantsRead || connection.wantsWrite ? connection.fd : -1,
          write: connection.wantsWrite))
    }
    let backgroundStart = watched.count
    watched += interpreter.backgroundDescriptors.map { SystemIO.Watched(fd: $0) }
    let background = interpreter.backgroundTimeout
    let rest = listener.restingUntil.map { MonotonicClock.milliseconds(until: $0) } ?? -1
    let wait = Self.soonest([
      busy.held.isEmpty ? timeout : 0, background, attachments?.timeout ?? -1, deadlineWait(open),
      rest,
    ])
    let ready = SystemIO.wait(watched, milliseconds: wait)
    // SIGTERM and SIGHUP end the session as `quit` does.
    if let signals, ready[1].readable, signals.takePending().termination != nil {
      end(status: 0, reason: .killed)
    }
    if ready[0].readable { acceptAll() }
    for (offset, connection) in open.enumerated() {
      let state = ready[first + offset]
      if state.writable || state.broken || connection.stage == .closing { write(connection) }
      if state.readable || state.broken { read(connection) }
    }
    let backgroundReady = ready[backgroundStart...].contains { $0.readable || $0.broken }
    // Background work is due when one of its descriptors is ready or its time came.
    let backgroundDue = backgroundReady || (background >= 0 && interpreter.backgroundTimeout == 0)
    if backgroundDue { runBackground() }
    // A round that only wrote (a slow client taking its frames) changed nothing to draw.
    attachments?.roundEnded(cameIn: backgroundDue || ready.contains { $0.readable || $0.broken })
    closeSilent()
    // Answers and events go out in the round that made them, not after the next wait.
    for connection in connections where connection.wantsWrite { write(connection) }
    sweep()
  }

  /// The least of the waits that are not -1 (-1 when all are).
  static func soonest(_ waits: [Int32]) -> Int32 {
    waits.filter { $0 >= 0 }.min() ?? -1
  }

  /// How long until the soonest deadline of a connection (a closing one's, or the end of a
  /// greeting one's time to say `hello`), or -1.
  private func deadlineWait(_ open: [SessionConnection]) -> Int32 {
    let deadlines = open.compactMap { connection -> UInt64? in
      switch connection.stage {
      case .closing: connection.closingDeadline
      case .greeting: helloDeadline(connection)
      case .lines, .frames: nil
      }
    }
    guard let soonest = deadlines.min() else { return -1 }
    return MonotonicClock.milliseconds(until: soonest)
  }

  /// When `connection` must have said `hello` (monotonic nanoseconds).
  private func helloDeadline(_ connection: SessionConnection) -> UInt64 {
    connection.accepted + UInt64(max(limits.helloTimeout, 0)) * 1_000_000
  }

  /// Reads once from `connection` and handles every whole message or frame it holds. A client
  /// gone while its `run` request runs interrupts its commands.
  func read(_ connection: SessionConnection) {
    guard connection.wantsRead else { return }
    switch connection.fill() {
    case .read: connection.lastActive = MonotonicClock.now()
    case .wouldBlock: return
    case .endOfFile, .failed:
      if connection === busy.requester { interruptCommand() }
      drop(connection, reason: .detached)
      return
    }
    takeAll(connection)
  }

  /// Handles every whole message or frame `connection` holds, up to one held back while a command
  /// runs (``isHeld(_:)``).
  func takeAll(_ connection: SessionConnection) {
    while !connection.isClosed, connection.stage != .closing, !isHeld(connection) {
      if connection.stage == .frames {
        guard takeFrame(connection) else { return }
      } else {
        guard takeLine(connection) else { return }
      }
    }
  }

  /// Handles the next line of a line-mode connection; `false` when there was none.
  private func takeLine(_ connection: SessionConnection) -> Bool {
    switch connection.nextLine() {
    case .none: return false
    case .tooLong:
      refuse(
        connection, id: .null,
        code: -32700, "a message longer than \(SessionProtocol.messageLimit) bytes")
      return false
    case .item(let line):
      handle(line, from: connection)
      connection.lastActive = MonotonicClock.now()
      return true
    }
  }

  /// Hands the next frame of an attached connection to the attachments; `false` when there was
  /// none. Garbage ends the connection (`end`, reason `protocol`).
  private func takeFrame(_ connection: SessionConnection) -> Bool {
    switch connection.nextFrame() {
    case .none: return false
    case .tooLong:
      drop(connection, reason: .protocol)
      return false
    case .item(let frame):
      guard let decoded = ClientFrame(frame) else {
        drop(connection, reason: .protocol)
        return false
      }
      if decoded == .detach {
        drop(connection, reason: .detached)
        return false
      }
      attachments?.received(decoded, from: connection)
      return true
    }
  }

  /// Writes what `connection` has waiting; closes it when that fails, or when it was closing and
  /// is done (or past its deadline).
  func write(_ connection: SessionConnection) {
    switch connection.flush() {
    case .failed:
      drop(connection, reason: .detached)
    case .done:
      if connection.stage == .closing { connection.close() }
    case .pending:
      if connection.stage == .closing, let deadline = connection.closingDeadline,
        MonotonicClock.now() >= deadline
      {
        connection.close()
      }
    }
  }

  /// Ends `connection`: an attached one is detached (its `end` frame queued for `reason`) and
  /// given a moment to read it; any other is closed. One too slow loses the frames it has not
  /// begun to read (up to 4 MiB): its `end` frame follows at most the rest of one, so it comes
  /// within that moment.
  func drop(_ connection: SessionConnection, reason: EndReason) {
    guard !connection.isClosed, connection.stage != .closing else { return }
    subscribers.remove(connection)
    if connection.stage == .frames {
      attachments?.detached(connection, reason: reason)
      if reason == .tooSlow { connection.dropUnstartedOutput() }
      connection.sendLast(
        ServerFrame.end(reason: reason, message: endMessage(reason), status: nil).frame.encoded)
      connection.finish()
    } else {
      connection.close()
    }
  }

  /// The message an attached client prints when it is ended for `reason`.
  func endMessage(_ reason: EndReason, status: Int32? = nil) -> String {
    switch reason {
    case .detached: "[detached from session \(name)]"
    case .exited: "[session \(name) exited" + (status.map { " with status \($0)" } ?? "") + "]"
    case .killed: "[session \(name) was killed]"
    case .tooSlow: "[detached from session \(name): the terminal did not keep up]"
    case .protocol: "[detached from session \(name): the client sent garbage]"
    case .flood: "[detached from session \(name): the client sent input faster than it is taken in]"
    }
  }

  /// Closes the connections whose time to say `hello` is over. Each is read once more first: a
  /// `hello` that came in while the server was busy (a long `run`) counts.
  func closeSilent() {
    let now = MonotonicClock.now()
    for connection in connections
    where connection.stage == .greeting && !connection.isClosed && now >= helloDeadline(connection)
    {
      read(connection)
      if connection.stage == .greeting { connection.close() }
    }
  }

  /// Cuts off connections whose output passed the cap, and forgets closed ones.
  private func sweep() {
    // One cut off already (closing) keeps its last second to read its `end` frame.
    for connection in connections
    where connection.overflowed && !connection.isClosed && connection.stage != .closing {
      if connection.stage == .frames {
        drop(connection, reason: .tooSlow)
      } else {
        connection.close()
      }
    }
    connections.removeAll { $0.isClosed }
    subscribers.connections.removeAll { $0.isClosed }
    if subscribers.connections.isEmpty { stopEvents() }
  }

  /// Runs the background work that came, its output to the attached clients' panel (``output``).
  private func runBackground() {
    // The loop's own rounds put off the looks that name terminal tabs: a key's echo does not
    // wait for them.
    terminalTabs?.putsOffForegroundLooks = true
    defer { terminalTabs?.putsOffForegroundLooks = false }
    let outcome = interpreter.runBackgroundWork()
    if case .exit(let status) = outcome { end(status: status, reason: .exited) }
  }

  /// The session ends (once): the loop stops after this round.
  package func end(status: Int32, reason: EndReason) {
    if ending == nil { ending = (status, reason) }
  }

  /// The end (``run()`` calls it when the loop stops): attached clients get their `end` frame,
  /// every connection's output is written (for at most a second), the connections are closed and
  /// the socket removed (when its path still names this server's socket, not a newer server's).
  /// Returns the status.
  package func finish() -> Int32 {
    let (status, reason) = ending ?? (0, .killed)
    attachments?.sessionEnding(reason: reason, status: reason == .exited ? status : nil)
    refuseHeld()
    let message = endMessage(reason, status: reason == .exited ? status : nil)
    for connection in connections where !connection.isClosed {
      if connection.stage == .frames {
        connection.sendLast(
          ServerFrame.end(
            reason: reason, message: message, status: reason == .exited ? Int(status) : nil
          ).frame.encoded)
      }
      connection.finish()
    }
    stopEvents()
    SystemIO.close(listener.fd)
    socket.remove()
    let deadline = MonotonicClock.now() + 1_000_000_000
    while connections.contains(where: { !$0.isClosed }), MonotonicClock.now() < deadline {
      let open = connections.filter { !$0.isClosed }
      _ = SystemIO.wait(
        open.map { SystemIO.Watched(fd: $0.fd, write: true) },
        milliseconds: MonotonicClock.milliseconds(until: deadline))
      for connection in open { write(connection) }
    }
    for connection in connections { connection.close() }
    connections.removeAll()
    return status
  }
}
