import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellRPC
import TabShellSessions

/// The line-mode requests (docs/Sessions.md, "Messages in line mode").
extension SessionServer {
  /// Handles one line from a line-mode connection.
  package func handle(_ line: [UInt8], from connection: SessionConnection) {
    let id: JSONValue
    let name: String
    let params: JSONValue
    switch RPCMessage.parse(line) {
    case .failure(let error):
      refuse(connection, id: .null, code: error.code, error.message)
      return
    case .success(.request(let requestID, let method, let parameters)):
      (id, name, params) = (requestID, method, parameters)
    case .success(.notification(SessionMethod.interrupt.rawValue, _))
    where connection.stage == .lines:
      // Ctrl-C in the client whose `run` runs; one that comes after its answer is too late.
      if connection === busy.requester { interruptCommand() }
      return
    case .success:
      refuse(connection, id: .null, code: RPCError.invalidRequest, "the server takes requests only")
      return
    }
    let method = SessionMethod(rawValue: name).flatMap { $0.isRequest ? $0 : nil }
    if connection.stage == .greeting, method != .hello {
      refuse(connection, id: id, code: RPCError.invalidRequest, "the first request must be 'hello'")
      return
    }
    // While a command runs, what would run another (or attach a client) waits for it to end.
    if busy.isServing, method == .run || method == .attach {
      hold(line, from: connection)
      return
    }
    switch method {
    case .hello: hello(id, params, connection)
    case .run: run(id, params, connection)
    case .events:
      answer(connection, id, .object([:]))
      startEvents(for: connection)
    case .info: answer(connection, id, info)
    case .kill:
      answer(connection, id, .object([:]))
      end(status: 0, reason: .killed)
      // A command running now stops: the session ends after it.
      if busy.isServing { interruptCommand() }
    case .attach: attach(id, params, connection)
    case .event, .busy, .interrupt, .closed, .started, .output, nil:
      answer(
        connection, id,
        error: RPCError(code: RPCError.methodNotFound, message: "no method '\(name)'"))
    }
  }

  /// Queues a result.
  func answer(_ connection: SessionConnection, _ id: JSONValue, _ result: JSONValue) {
    connection.send(RPCMessage.result(id: id, result))
  }

  /// Queues an error answer; the connection goes on.
  func answer(_ connection: SessionConnection, _ id: JSONValue, error: RPCError) {
    connection.send(RPCMessage.error(id: id, error))
  }

  /// Answers with an error, then closes the connection once the answer is written.
  func refuse(_ connection: SessionConnection, id: JSONValue, code: Int, _ message: String) {
    connection.sendLast(RPCMessage.error(id: id, RPCError(code: code, message: message)).line)
    subscribers.remove(connection)
    connection.finish()
  }

  /// `hello`: the protocol version, the newest of those the client offers (`protocols`, else
  /// `protocol` alone) that this server speaks too.
  private func hello(_ id: JSONValue, _ params: JSONValue, _ connection: SessionConnection) {
    guard let offered = Self.offeredVersions(params) else {
      refuse(
        connection, id: id, code: RPCError.invalidParams,
        #"hello needs "protocol" (a number), and "protocols" (numbers) if any"#)
      return
    }
    guard let version = offered.filter(SessionProtocol.versions.contains).max() else {
      let spoken = SessionProtocol.versions.map(String.init).joined(separator: " and ")
      let words = offered.map(String.init).joined(separator: ", ")
      refuse(
        connection, id: id, code: SessionProtocol.refusal,
        "protocol\(offered.count == 1 ? "" : "s") \(words) \(offered.count == 1 ? "is" : "are") "
          + "not spoken here (this server speaks \(spoken))")
      return
    }
    connection.kind = params["client"]?.stringValue ?? ""
    connection.version = version
    connection.stage = .lines
    answer(
      connection, id,
      [
        "protocol": .int(version), "session": .string(name),
        "pid": .int(Int(CurrentProcess.id)),
      ])
  }

  /// The versions `hello`'s parameters offer: `protocols` when given (a client of protocol 2 and
  /// later), else `protocol`; `nil` when they are not numbers.
  private static func offeredVersions(_ params: JSONValue) -> [Int]? {
    guard let oldest = params["protocol"]?.intValue else { return nil }
    guard let list = params["protocols"] else { return [oldest] }
    guard case .array(let items) = list, !items.isEmpty else { return nil }
    let versions = items.compactMap(\.intValue)
    return versions.count == items.count ? versions : nil
  }

  /// `info`: the session's name, pid, tabs, attached clients and start.
  var info: JSONValue {
    [
      "name": .string(name), "pid": .int(Int(CurrentProcess.id)),
      "tabs": .int(interpreter.shell.tabCount), "clients": .int(attachedCount),
      "started": .int(started),
    ]
  }

  /// `run`: the commands as a script line named `send`, with their output, errors and status.
  private func run(_ id: JSONValue, _ params: JSONValue, _ connection: SessionConnection) {
    guard let commands = params["commands"]?.stringValue else {
      answer(
        connection, id,
        error: RPCError(code: RPCError.invalidParams, message: "run needs \"commands\" (a string)"))
      return
    }
    busy.requester = connection
    let result = runCommands(commands)
    busy.requester = nil
    connection.send(
      answer: RunAnswer.lines(
        id: id, status: result.status, output: result.output, errors: result.errors,
        ended: ending != nil, version: connection.version))
  }

  /// Runs `commands` as a script line (file `send`), its output and errors kept apart from the
  /// session's own; `exit` and `quit` end the session once the answer is sent.
  package func runCommands(_ commands: String) -> (status: Int32, output: String, errors: String) {
    let printed = AnswerOutput()
    let outcome = interpreter.run(interpreter.parse(commands, file: "send"), to: printed)
    let (output, errors) = (printed.output, printed.errors)
    if case .exit(let status) = outcome { end(status: status, reason: .exited) }
    if outcome == .interrupted { Interpreter.interruption.store(false, ordering: .relaxed) }
    var said = errors.text
    for (what, text) in [("output", output), ("errors", errors)] where text.dropped > 0 {
      said +=
        "error: \(text.dropped) bytes of the \(what) were dropped: an answer carries at most "
        + "\(SessionProtocol.answerTextLimit)\n"
    }
    return (outcome.status, output.text, said)
  }

  /// `attach`: hands the connection to the attached clients, or refuses when there are none.
  private func attach(_ id: JSONValue, _ params: JSONValue, _ connection: SessionConnection) {
    guard let columns = params["columns"]?.intValue, let rows = params["rows"]?.intValue,
      (1...9999).contains(columns), (1...9999).contains(rows)
    else {
      answer(
        connection, id,
        error: RPCError(
          code: RPCError.invalidParams, message: "attach needs \"columns\" and \"rows\" (1 to 9999)"
        ))
      return
    }
    guard let attachments else {
      answer(
        connection, id,
        error: RPCError(
          code: SessionProtocol.refusal, message: "this server cannot attach clients yet"))
      return
    }
    answer(connection, id, .object([:]))
    subscribers.remove(connection)
    connection.stage = .frames
    attachments.attached(connection, columns: columns, rows: rows)
  }

  /// Streams the shell's events to `connection` as `event` notifications, as `trace json` writes
  /// them.
  func startEvents(for connection: SessionConnection) {
    if !subscribers.contains(connection) { subscribers.connections.append(connection) }
    guard subscribers.observer == nil else { return }
    subscribers.observer = interpreter.shell.addObserver { [unowned self] event in
      let json = TraceFormat.json(event)
      var line = Self.eventPrefix
      line.append(contentsOf: json.utf8)
      line.append(contentsOf: "}\n".utf8)
      for subscriber in subscribers.connections { subscriber.send(line) }
    }
  }

  /// An `event` notification's line up to its `params`.
  private static let eventPrefix = Array(
    #"{"jsonrpc":"2.0","method":"\#(SessionMethod.event.rawValue)","params":"#.utf8)

  /// Stops the events' observer.
  func stopEvents() {
    guard let observer = subscribers.observer else { return }
    interpreter.shell.removeObserver(observer)
    subscribers.observer = nil
  }
}
