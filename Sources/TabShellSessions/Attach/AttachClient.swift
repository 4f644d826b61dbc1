import TabShellJSON
import TabShellPlatform
import TabShellRPC

/// `tabshell attach [NAME]` and `tabshell --session NAME --tui`: this terminal attached to a
/// session (docs/Sessions.md, "Frame mode"; docs/Contract.md, "Sessions").
///
/// Connects and says `hello`, sends `attach` with the terminal's size, takes the terminal (raw
/// input, the alternate screen, the mouse, bracketed paste: ``ClientTerminal``), then pumps bytes
/// both ways (``AttachPump``) until the server's `end`. Then the terminal is given back, the
/// message printed on its own line (`[detached from session work]`) and the status returned: 0,
/// or the session's status when it exited; 1 when it could not attach or the connection was
/// lost, 2 without a terminal.
package enum AttachClient {
  /// Attaches the process's terminal (standard input and output) to the session at `target`;
  /// returns the exit status. `environment` is the process's (a session's own terminal tab is
  /// refused, which would draw the session inside itself).
  package static func run(
    _ target: SessionTarget, environment: [String: String], writeOutput: (String) -> Void,
    writeError: (String) -> Void
  ) -> Int32 {
    guard TerminalDevice.isTerminal(0), TerminalDevice.isTerminal(1) else {
      writeError("error: attaching needs a terminal on standard input and output\n")
      return 2
    }
    if environment["TABSHELL"] == target.socket {
      writeError(
        "error: this terminal is in session '\(target.name)': attaching it would draw the "
          + "session inside itself\n")
      return 1
    }
    let size = TerminalDevice.windowSize(1) ?? (columns: 80, rows: 24)
    let client: SessionClient
    do throws(SessionError) {
      client = try SessionClient.connect(socket: target.socket, name: target.name, client: "attach")
      let params: JSONValue = [
        "columns": .int(min(max(1, size.columns), 9999)),
        "rows": .int(min(max(1, size.rows), 9999)),
      ]
      // Held while a command runs in the session: waited for as long as the server says so.
      var busy = false
      client.sayOnceWhenBusy { busy = true }
      let id = try client.request(.attach, params)
      do throws(SessionError) {
        _ = try client.answer(to: id, timeout: SessionProtocol.answerTimeout)
      } catch .notAnswering(let name, let milliseconds) {
        guard busy else { throw .notAnswering(name, milliseconds: milliseconds) }
        writeError(SessionClient.busyMessage(session: target.name))
        _ = try client.answer(to: id)
      }
    } catch {
      writeError("error: \(error)\n")
      return 1
    }
    defer { client.close() }
    var terminal = ClientTerminal(
      resetsCursorShape: ClientTerminal.takesCursorShape(environment: environment))
    guard terminal.enter() else {
      writeError("error: the terminal refused raw mode\n")
      return 1
    }
    let signals = ClientSignals()
    let pump = AttachPump(
      socket: client.fd, name: target.name, buffered: client.takeBufferedInput(),
      signals: signals)
    // Ctrl-Z sent as a signal (`kill -TSTP`), and `fg`: as the full-screen mode does.
    pump.retakeTerminal = { stop in
      terminal.leave()
      if stop { SignalHandler.stopWithDefaultAction(Signal.terminalStop) }
      return terminal.enter()
    }
    let ending = pump.run()
    signals?.restore()
    terminal.leave()
    writeOutput(ending.message + "\n")
    return ending.status
  }
}
