import TabShellJSON
import TabShellPlatform
import TabShellRPC

/// What a session command reads and writes: the environment, stdin, stdout and stderr.
package struct SessionCommandContext {
  /// The environment variables.
  package var environment: [String: String]
  /// All of stdin (`send -`), or `nil` when it cannot be read.
  package var readStandardInput: () -> [UInt8]?
  /// Writes to stdout (at once: `send --events` is read as it happens).
  package var writeOutput: (String) -> Void
  /// Writes to stderr.
  package var writeError: (String) -> Void
  /// Whether `send` catches Ctrl-C (SIGINT) while it waits for the answer, and ends the process
  /// by SIGINT once it has printed what the answer carried (the fast client's own process; not
  /// where the process is shared).
  package var catchesInterrupt = false

  /// A context.
  package init(
    environment: [String: String], readStandardInput: @escaping () -> [UInt8]?,
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void
  ) {
    self.environment = environment
    self.readStandardInput = readStandardInput
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// The process's own: its environment, stdin, stdout and stderr.
  package static func current() -> SessionCommandContext {
    var context = SessionCommandContext(
      environment: CurrentProcess.environment(),
      readStandardInput: { try? SystemIO.readAll(0) },
      writeOutput: { try? SystemIO.writeAll(1, $0.utf8) },
      writeError: { try? SystemIO.writeAll(2, $0.utf8) })
    context.catchesInterrupt = true
    return context
  }
}

/// The session commands that speak line mode: `send`, `send --events`, `sessions`,
/// `kill-session` (docs/Contract.md, "Sessions"). Each returns the exit status: `send` its
/// commands' (0, 1, 2 as scripts), else 0, or 1 with `error: MESSAGE` on stderr.
package enum SessionCommands {
  /// Runs `invocation`; returns the exit status.
  package static func run(_ invocation: SessionInvocation, _ context: SessionCommandContext)
    -> Int32
  {
    let folder = SessionFolder(environment: context.environment)
    do throws(SessionError) {
      switch invocation {
      case .send(let session, let commands):
        return try send(session: session, commands: commands, folder: folder, context)
      case .events(let session): return try events(session: session, folder: folder, context)
      case .sessions: return list(folder: folder, context)
      case .kill(let session): return try kill(session: session, folder: folder, context)
      case .help(let declaration):
        context.writeOutput(help(declaration))
        return 0
      case .attach(let session):
        let target = try SessionTarget.resolve(
          name: session, environment: context.environment, folder: folder)
        return AttachClient.run(
          target, environment: context.environment, writeOutput: context.writeOutput,
          writeError: context.writeError)
      }
    } catch .badName(let name) {
      context.writeError("error: \(SessionError.badName(name))\n")
      return 2
    } catch {
      context.writeError("error: \(error)\n")
      return 1
    }
  }

  /// `COMMAND --help`: the usage, the abstract and the options.
  package static func help(_ declaration: SessionCommandDeclaration) -> String {
    var text = "usage: \(declaration.usage)\n\(declaration.abstract)\n"
    let width = declaration.options.map { $0.name.count + ($0.valueName?.count ?? -1) + 1 }.max()
    for option in declaration.options {
      let synopsis = option.name + (option.valueName.map { " \($0)" } ?? "")
      let padding = String(repeating: " ", count: (width ?? 0) - synopsis.count)
      text += "  \(synopsis)\(padding)  \(option.abstract)\n"
    }
    return text
  }

  private static func connect(
    _ session: String?, folder: SessionFolder, client: String, _ context: SessionCommandContext
  ) throws(SessionError) -> SessionClient {
    let target = try SessionTarget.resolve(
      name: session, environment: context.environment, folder: folder)
    return try SessionClient.connect(socket: target.socket, name: target.name, client: client)
  }

  private static func send(
    session: String?, commands: String?, folder: SessionFolder, _ context: SessionCommandContext
  ) throws(SessionError) -> Int32 {
    let text: String
    if let commands {
      text = commands
    } else {
      guard let bytes = context.readStandardInput() else {
        throw .system("cannot read the commands from stdin", "read failed")
      }
      text = String(decoding: bytes, as: UTF8.self)
    }
    let client = try connect(session, folder: folder, client: "send", context)
    defer { client.close() }
    let busy = SessionClient.busyMessage(session: client.name)
    client.sayOnceWhenBusy { context.writeError(busy) }
    client.receivedOutput = { output, errors in
      if !output.isEmpty { context.writeOutput(output) }
      if !errors.isEmpty { context.writeError(errors) }
    }
    let id = try client.request(.run, ["commands": .string(text)])
    guard context.catchesInterrupt, let interrupts = SendInterrupts() else {
      return try print(client.answer(to: id), context)
    }
    let (answer, interrupted) = try interruptibleAnswer(to: id, client, interrupts)
    let status = try print(answer, context)
    guard interrupted else {
      interrupts.restore()
      return status
    }
    client.close()
    interrupts.endByInterrupt()
  }

  /// Prints the output and errors a `run` answer carries; returns its status.
  private static func print(_ answer: JSONValue, _ context: SessionCommandContext)
    throws(SessionError) -> Int32
  {
    if let output = answer["output"]?.stringValue, !output.isEmpty { context.writeOutput(output) }
    if let errors = answer["errors"]?.stringValue, !errors.isEmpty { context.writeError(errors) }
    guard let status = answer["status"]?.intValue else {
      throw .protocolError("the answer to 'run' has no status")
    }
    return Int32(clamping: status)
  }

  /// The answer to the `run` request `id`, and whether Ctrl-C came meanwhile. Ctrl-C asks the
  /// session to interrupt the commands (`interrupt`) and the answer is still waited for; a second
  /// Ctrl-C, or one while the request is held behind another client's command (the server said
  /// `busy`, and not `started` since: a server of protocol 1 never says it), ends the process at
  /// once: a held request whose client is gone never runs.
  private static func interruptibleAnswer(
    to id: Int, _ client: SessionClient, _ interrupts: SendInterrupts
  ) throws(SessionError) -> (JSONValue, interrupted: Bool) {
    var interrupted = false
    while true {
      do throws(SessionError) {
        let answer = try client.answer(to: id, timeout: interruptCheck)
        return (answer, interrupted || interrupts.came())
      } catch .notAnswering {
        guard interrupts.came() else { continue }
        // What came meanwhile first: the answer, or the server's word that the request runs now.
        do throws(SessionError) {
          return (try client.answer(to: id, timeout: 0), true)
        } catch .notAnswering {}
        if interrupted || client.isHeld {
          client.close()
          interrupts.endByInterrupt()
        }
        interrupted = true
        try client.notify(.interrupt)
      }
    }
  }

  /// How often `send` looks for a Ctrl-C while it waits for the answer, in ms.
  static let interruptCheck: Int32 = 50

  private static func events(
    session: String?, folder: SessionFolder, _ context: SessionCommandContext
  ) throws(SessionError) -> Int32 {
    let client = try connect(session, folder: folder, client: "events", context)
    defer { client.close() }
    _ = try client.call(.events)
    while true {
      let message: RPCMessage
      do throws(SessionError) {
        message = try client.readMessage()
      } catch .connectionLost {
        return 0  // The session ended.
      }
      switch message {
      case .notification(SessionMethod.event.rawValue, let params):
        context.writeOutput(params.serialized + "\n")
      case .notification(SessionMethod.closed.rawValue, let params):
        throw .closedByServer(params["message"]?.stringValue ?? "")
      case .request, .notification, .result, .error: continue
      }
    }
  }

  private static func list(folder: SessionFolder, _ context: SessionCommandContext) -> Int32 {
    if let problem = folder.problem() {
      if case .folderMissing = problem { return 0 }
      context.writeError("error: \(problem)\n")
      return 1
    }
    var status: Int32 = 0
    let now = WallClock.secondsSince1970()
    for name in folder.sessionNames() {
      do throws(SessionError) {
        let client = try SessionClient.connect(
          socket: folder.socketPath(name), name: name.text, client: "sessions")
        defer { client.close() }
        let info = try client.call(.info, timeout: SessionProtocol.answerTimeout)
        let tabs = info["tabs"]?.intValue ?? 0
        let clients = info["clients"]?.intValue ?? 0
        let age = age(seconds: now - (info["started"]?.intValue ?? now))
        context.writeOutput(
          "\(name.text): \(tabs) tab\(tabs == 1 ? "" : "s"), \(clients) client"
            + "\(clients == 1 ? "" : "s") attached, up \(age)\n")
      } catch .serverDied(let died) {
        context.writeError("\(died): the server died; its socket was removed\n")
      } catch {
        context.writeError("\(name.text): \(error)\n")
        status = 1
      }
    }
    return status
  }

  /// `45s`, `12m`, `3h05m`, `2d04h`.
  package static func age(seconds: Int) -> String {
    let seconds = max(0, seconds)
    if seconds < 60 { return "\(seconds)s" }
    if seconds < 3600 { return "\(seconds / 60)m" }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    if seconds < 86400 { return "\(seconds / 3600)h\(two(seconds % 3600 / 60))m" }
    return "\(seconds / 86400)d\(two(seconds % 86400 / 3600))h"
  }

  private static func kill(
    session: String, folder: SessionFolder, _ context: SessionCommandContext
  ) throws(SessionError) -> Int32 {
    let client = try connect(session, folder: folder, client: "kill-session", context)
    defer { client.close() }
    _ = try client.call(.kill, timeout: SessionProtocol.answerTimeout)
    // The server closes the connection as it ends, its socket removed; wait for that a moment.
    let deadline = MonotonicClock.now() + 3_000_000_000
    while MonotonicClock.now() < deadline {
      do throws(SessionError) {
        _ = try client.readMessage(timeout: MonotonicClock.milliseconds(until: deadline))
      } catch {
        break
      }
    }
    return 0
  }
}
