import TabShellHost
import TabShellJSON
import TabShellLanguage
import TabShellPlatform
import TabShellREPL
import TabShellRPC
import TabShellSessions

/// The line client of a session (`tabshell --session NAME` without `--tui`): the REPL's line
/// editing and history, each line sent to the server as a `run` request, its output on stdout and
/// its errors on stderr. `detach` (or Ctrl-D) leaves the client and the session goes on; `quit` and
/// `exit` end the session, and so this client. With stdin not a terminal, all of it is sent as
/// one `run` and its status is the client's.
///
/// The prompt names the session (`tabshell[work]> `), not its visible screen, and Tab completes
/// nothing: both would cost a request per keystroke or prompt; `tabshell attach` shows the screen.
enum SessionLineClient {
  /// Runs the client on `client` until the user leaves or the session ends; the exit status.
  package static func run(_ client: SessionClient, _ process: ProcessContext) -> Int32 {
    defer { client.close() }
    guard process.stdinIsTerminal else {
      let text = String(decoding: (try? SystemIO.readAll(0)) ?? [], as: UTF8.self)
      let engine = SessionLineEngine(client: client, process: process)
      return engine.send(text) ?? engine.lastStatus
    }
    let engine = SessionLineEngine(client: client, process: process)
    let status = InteractiveREPL.run(
      engine: engine,
      historyPath: InteractiveREPL.defaultHistoryPath(environment: process.environment))
    return status
  }
}

/// The line client's side of the REPL: each line a `run` request.
///
/// Isolation: the REPL's thread.
final class SessionLineEngine: REPLEngine {
  /// The connection; a new one when the server closed the old one to make room for another
  /// client (it was idle longest).
  private(set) var client: SessionClient
  let process: ProcessContext
  /// The status of the last line that ran.
  private(set) var lastStatus: Int32 = 0

  init(client: SessionClient, process: ProcessContext) {
    self.client = client
    self.process = process
  }

  package var prompt: String { "tabshell[\(client.name)]> " }

  package var barLine: String? { nil }

  package func execute(_ line: String) -> REPLAction {
    if line.split(separator: " ", omittingEmptySubsequences: true) == ["detach"] {
      return .exit(0)
    }
    if let status = send(line) { return .exit(status) }
    return .proceed
  }

  /// Runs `text` in the session and prints what it printed; a status when the client must end
  /// (the line ended the session, or the connection failed). A server that has not answered
  /// after ``busyNotice`` ms (its commands, or another client's, take long) is waited for, and
  /// said to be busy, once.
  func send(_ text: String) -> Int32? {
    let answer: JSONValue
    do throws(SessionError) {
      answer = try waitForAnswer(client.request(.run, ["commands": .string(text)]))
    } catch .connectionLost {
      process.writeError("[session \(client.name) ended]\n")
      return lastStatus
    } catch {
      process.writeError("error: \(error)\n")
      return 1
    }
    if let output = answer["output"]?.stringValue, !output.isEmpty {
      process.writeOutput(output)
      process.flush()
    }
    if let errors = answer["errors"]?.stringValue, !errors.isEmpty { process.errorSink(errors) }
    lastStatus = Int32(clamping: answer["status"]?.intValue ?? 1)
    // The line ended the session (`quit`, `exit`): the answer says so. (Had a server not said
    // it, the connection's end is found while the next line is typed.)
    return answer["ended"]?.boolValue == true ? lastStatus : nil
  }

  /// How long the answer to a line is waited for before the server is said to be busy, in ms.
  static let busyNotice: Int32 = 1000

  /// The answer to the request `id`, however long it takes; the server is said to be busy once
  /// when it takes longer than ``busyNotice``, or says so. Ctrl-C meanwhile asks the session to
  /// interrupt the line's commands (`interrupt`).
  private func waitForAnswer(_ id: Int) throws(SessionError) -> JSONValue {
    var saidBusy = false
    let say = { [process, name = client.name] in
      guard !saidBusy else { return }
      saidBusy = true
      process.writeError(SessionClient.busyMessage(session: name))
    }
    // The server says `busy` when another client's command holds the line.
    client.sayOnceWhenBusy(say)
    client.receivedOutput = { [process] output, errors in
      if !output.isEmpty {
        process.writeOutput(output)
        process.flush()
      }
      if !errors.isEmpty { process.errorSink(errors) }
    }
    defer {
      client.notified = nil
      client.receivedOutput = nil
    }
    let start = MonotonicClock.now()
    while true {
      do throws(SessionError) {
        return try client.answer(to: id, timeout: Self.interruptCheck)
      } catch .notAnswering {
        // Ctrl-C (the REPL's signal handler set the flag): the session interrupts the line's
        // commands, and answers with their status, 130.
        if Interpreter.interruption.exchange(false, ordering: .relaxed) {
          try client.notify(.interrupt)
        }
        if MonotonicClock.now() - start >= UInt64(Self.busyNotice) * 1_000_000 { say() }
      }
    }
  }

  /// How often a Ctrl-C is looked for while an answer is waited for, in ms.
  static let interruptCheck: Int32 = 50

  /// The server closed the connection, idle while the user typed, to make room for another
  /// client (its `closed` notification): the client connects again, as the user would; when that
  /// fails, it says why and ends.
  private func reconnect(closed message: String) -> BackgroundOutcome {
    var outcome = BackgroundOutcome()
    client.close()
    do throws(SessionError) {
      client = try SessionClient.connect(socket: client.socket, name: client.name, client: "line")
    } catch {
      outcome.printed = [
        PrintedText(
          toStandardError: true, text: "error: \(SessionError.closedByServer(message))\n"),
        PrintedText(toStandardError: true, text: "error: \(error)\n"),
      ]
      outcome.exit = 1
    }
    return outcome
  }

  package func completions(line: String, wordStart: Int, wordEnd: Int) -> [String] { [] }

  /// The connection: readable when the server closes it (the session ended while the user typed).
  package var backgroundDescriptors: [Int32] { [client.fd] }

  package func runBackground() -> BackgroundOutcome {
    var outcome = BackgroundOutcome()
    do throws(SessionError) {
      let message = try client.readMessage(timeout: 0)
      if case .notification(SessionMethod.closed.rawValue, let params) = message {
        return reconnect(closed: params["message"]?.stringValue ?? "")
      }
    } catch .notAnswering {
      return outcome
    } catch {
      outcome.printed = [
        PrintedText(toStandardError: true, text: "[session \(client.name) ended]\n")
      ]
      outcome.exit = lastStatus
    }
    return outcome
  }
}
