import TabShellJSON
import TabShellPlatform
import TabShellRPC

/// A line-mode connection to a session's server, from a client (`send`, `sessions`,
/// `kill-session`, `attach` before it switches to frames): connects, checks the server's user,
/// says `hello`, then makes requests and reads answers and notifications.
///
/// Isolation: one thread at a time.
package final class SessionClient {
  /// The connection's descriptor (blocking).
  package let fd: Int32
  /// The session's name, for messages.
  package let name: String
  /// The session's socket.
  package let socket: String
  /// What the server said to `hello`: its pid.
  package private(set) var serverPID = 0
  /// The protocol version spoken, the server's choice among ``SessionProtocol/versions``.
  package private(set) var version = 1
  /// Whether the request waited for is held behind a command running in the session: the server
  /// said `busy`, and (in protocol 2) not `started` since.
  package private(set) var isHeld = false
  /// Called with each piece of a `run`'s output and errors that comes before its answer (the
  /// server's `output` notifications, in protocol 2, when they do not fit in the answer).
  package var receivedOutput: ((_ output: String, _ errors: String) -> Void)?
  /// Called with each notification that comes while an answer is waited for (the server's
  /// `busy`: a command runs there, and the request waits for it to end).
  package var notified: ((SessionMethod?, JSONValue) -> Void)?
  private var input = LineBuffer.session()
  private var nextID = 1
  private var closed = false

  private init(fd: Int32, name: String, socket: String) {
    self.fd = fd
    self.name = name
    self.socket = socket
  }

  deinit { close() }

  /// Connects to the session at `socket` (named `name` in messages) as a client of kind `client`
  /// (`send`, `attach`, `sessions`...) and says `hello`. A socket nothing listens at is removed
  /// (``SessionError/serverDied(_:)``); a server of another user is refused; a server that does
  /// not take the connection or answer `hello` within `timeout` milliseconds each is
  /// ``SessionError/notAnswering(_:milliseconds:)``.
  package static func connect(
    socket: String, name: String, client: String,
    timeout: Int32 = SessionProtocol.answerTimeout
  ) throws(SessionError) -> SessionClient {
    var connected: Int32?
    // Once more when the socket was refused and then was not (a new server took its place).
    for attempt in 0..<2 where connected == nil {
      do throws(SystemError) {
        connected = try UnixSocket.connect(to: socket, timeout: timeout)
      } catch  where error == UnixSocket.queueFull {
        throw .notAnswering(name, milliseconds: Int(timeout))
      } catch {
        let failure = SessionTarget.connectionError(error, socket: socket, name: name)
        guard failure == .starting(name), attempt == 0 else { throw failure }
      }
    }
    guard let fd = connected else { throw .starting(name) }
    let connection = SessionClient(fd: fd, name: name, socket: socket)
    if let peer = UnixSocket.peer(of: fd), peer.userID != CurrentProcess.userID {
      connection.close()
      throw .otherUser(socket, peer.userID)
    }
    // `protocol` is the oldest version, which a server that knows no other reads alone.
    let params: JSONValue = [
      "protocol": .int(SessionProtocol.versions[0]),
      "protocols": .array(SessionProtocol.versions.map { .int($0) }), "client": .string(client),
    ]
    let answer: JSONValue
    do throws(SessionError) {
      answer = try connection.call(.hello, params, timeout: timeout)
    } catch .notAnswering(let name, let milliseconds) {
      // A server still running its start-up file: its start holds the lock.
      connection.close()
      if SessionTarget.isStarting(socket: socket) { throw .starting(name) }
      throw .notAnswering(name, milliseconds: milliseconds)
    }
    connection.serverPID = answer["pid"]?.intValue ?? 0
    guard let version = answer["protocol"]?.intValue, SessionProtocol.versions.contains(version)
    else {
      connection.close()
      throw .protocolError("the answer to 'hello' names no protocol version this client speaks")
    }
    connection.version = version
    return connection
  }

  /// Sends a request; returns its id. One longer than a message may be is not sent
  /// (``SessionError/requestTooLong(limit:)``): the server would refuse it and close the connection.
  @discardableResult
  package func request(_ method: SessionMethod, _ params: JSONValue = .object([:]))
    throws(SessionError) -> Int
  {
    let line = RPCMessage.request(id: .int(nextID), method: method.rawValue, params: params).line
    guard line.count - 1 <= SessionProtocol.messageLimit else {
      throw .requestTooLong(limit: SessionProtocol.messageLimit)
    }
    let id = nextID
    nextID += 1
    try write(line)
    return id
  }

  /// Sends a notification (``SessionMethod/interrupt``).
  package func notify(_ method: SessionMethod) throws(SessionError) {
    try write(RPCMessage.notification(method: method.rawValue, params: .null).line)
  }

  /// Writes raw bytes (a line or frames), never raising SIGPIPE.
  package func write(_ bytes: [UInt8]) throws(SessionError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
      }
      switch sent {
      case .sent(let count): offset += count
      case .wouldBlock: _ = SystemIO.wait([SystemIO.Watched(fd: fd, write: true)], milliseconds: -1)
      case .failed: throw lastWords().map(SessionError.refused) ?? .connectionLost(name)
      }
    }
  }

  /// What the server said as it closed the connection (the error it answers a line it refuses
  /// with, or its `closed` notification), read once a write to it failed; `nil` when it said
  /// nothing.
  private func lastWords() -> String? {
    while true {
      do throws(SessionError) {
        switch try readMessage(timeout: SessionProtocol.answerTimeout) {
        case .error(_, let error): return error.message
        case .notification(SessionMethod.closed.rawValue, let params):
          return params["message"]?.stringValue
        case .request, .result, .notification: continue
        }
      } catch {
        return nil
      }
    }
  }

  /// Sends a request and waits for its answer (at most `timeout` ms; -1: no limit): its result,
  /// or ``SessionError/refused(_:)`` with the server's message. Notifications that come first are
  /// dropped.
  package func call(
    _ method: SessionMethod, _ params: JSONValue = .object([:]), timeout: Int32 = -1
  )
    throws(SessionError) -> JSONValue
  {
    try answer(to: request(method, params), timeout: timeout)
  }

  /// Waits for the answer to the request `id` (at most `timeout` ms; -1: no limit): its result,
  /// or ``SessionError/refused(_:)`` with the server's message. Notifications that come first go
  /// to ``notified``. After ``SessionError/notAnswering(_:milliseconds:)`` it may be called again:
  /// the answer is still to come.
  package func answer(to id: Int, timeout: Int32 = -1) throws(SessionError) -> JSONValue {
    let deadline = MonotonicClock.deadline(milliseconds: Int(timeout))
    while true {
      switch try readMessage(until: deadline, limit: timeout) {
      case .result(.int(id), let result): return result
      case .error(let answered, let error) where answered == .int(id) || answered == .null:
        throw .refused(error.message)
      case .result, .error: throw .protocolError("an answer to a request never made")
      case .notification(let name, let params):
        let method = SessionMethod(rawValue: name)
        switch method {
        case .closed: throw .closedByServer(params["message"]?.stringValue ?? "")
        case .busy: isHeld = true
        case .started: isHeld = false
        case .output:
          receivedOutput?(
            params["output"]?.stringValue ?? "", params["errors"]?.stringValue ?? "")
        default: break
        }
        notified?(method, params)
      case .request: continue
      }
    }
  }

  /// What a client says when the server told it (`busy`) that its request waits for a command
  /// running there.
  package static func busyMessage(session name: String) -> String {
    "[session \(name) is busy: waiting for its answer]\n"
  }

  /// Calls `said` once, when the server says `busy` (from now on).
  package func sayOnceWhenBusy(_ said: @escaping () -> Void) {
    var told = false
    notified = { method, _ in
      guard method == .busy, !told else { return }
      told = true
      said()
    }
  }

  /// The next message from the server, waiting at most `timeout` ms (-1: no limit).
  package func readMessage(timeout: Int32 = -1) throws(SessionError) -> RPCMessage {
    let deadline = MonotonicClock.deadline(milliseconds: Int(timeout))
    return try readMessage(until: deadline, limit: timeout)
  }

  /// The next message, before `deadline` (monotonic nanoseconds; `nil`: no limit); `limit` is the
  /// wait the error names.
  private func readMessage(until deadline: UInt64?, limit: Int32) throws(SessionError)
    -> RPCMessage
  {
    while true {
      switch input.nextLine() {
      case .item(let line):
        switch RPCMessage.parse(line) {
        case .success(let message): return message
        case .failure(let error): throw .protocolError(error.message)
        }
      case .tooLong: throw .protocolError("a message longer than \(input.limit) bytes")
      case .none: break
      }
      // What came is read even when the time is up (a wait of 0: what is there now).
      let wait = deadline.map { MonotonicClock.milliseconds(until: $0) } ?? -1
      let ready = SystemIO.wait([SystemIO.Watched(fd: fd)], milliseconds: wait)
      guard ready.first?.readable == true || ready.first?.broken == true else {
        if let deadline, MonotonicClock.now() >= deadline {
          throw .notAnswering(name, milliseconds: Int(limit))
        }
        continue
      }
      switch input.fill(from: fd) {
      case .read, .wouldBlock: continue
      case .endOfFile, .failed: throw .connectionLost(name)
      }
    }
  }

  /// Bytes read past the last message taken: the start of frame mode after `attach`'s answer.
  package func takeBufferedInput() -> LineBuffer {
    let buffer = input
    input = LineBuffer.session()
    return buffer
  }

  /// Closes the connection (once).
  package func close() {
    guard !closed else { return }
    closed = true
    SystemIO.close(fd)
  }
}
