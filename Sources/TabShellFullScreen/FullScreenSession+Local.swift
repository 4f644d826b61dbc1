import CReadline
import TabShellHost
import TabShellLanguage
import TabShellPlatform
import TabShellRendering
import TabShellTerminal

/// The mode on the process's own terminal (``LocalTerminal``): `tabshell --tui`, `tui`, Ctrl-X
/// Ctrl-A.
///
/// The loop polls standard input, the REPL's signal pipe and the background work's descriptors,
/// and drives the mode with what came: the bytes read, the input's wait running out, the signals
/// (SIGTERM and SIGHUP end the mode, SIGWINCH resizes, SIGTSTP stops), the background work (its
/// output to the panel); between two waits, one ``FullScreenSession/step()``.
extension FullScreenSession {
  /// Runs the mode on the local terminal until it ends, starting with `line` on the command line.
  /// With `cast`, every frame written is recorded there as it is written.
  package static func run(
    host: Host, signals: SignalWatcher, line: String, point: Int, cast: CastFile? = nil
  ) -> Exit {
    let features = host.interpreter.view.renderOptions.styleFeatures
    let terminal = LocalTerminal(
      signals: signals, cast: cast, cursorShape: features.contains(.cursorShape))
    return FullScreenSession(host: host, terminal: terminal)
      .run(line: line, point: point, signalPipe: signals.readDescriptor)
  }

  private func run(line: String, point: Int, signalPipe: Int32) -> Exit {
    if let error = open(line: line, point: point) {
      tabshell_write_stderr(Renderer.neutralized("error: tui: \(error)") + "\n")
      return .lineMode(line: line, point: point)
    }
    defer { close() }
    // The mode is the interpreter's host while it runs: its waits draw, its commands reach it,
    // and what prints outside a command (a screen's plugin while it draws) goes to its panel.
    let previous = interpreter.host
    interpreter.host = self
    defer { interpreter.host = previous }
    while exit == nil {
      step()
      if exit != nil { break }
      waitAndHandle(signalPipe: signalPipe)
    }
    return exit ?? .exit(0)
  }

  /// Waits for input, a signal or background work, and acts on what came.
  private func waitAndHandle(signalPipe: Int32) {
    // The set kept from the last wait, filled again in place.
    polled.removeAll()
    polled.append(0)
    polled.append(signalPipe)
    let due = host.background.watch(&polled)
    let own = inputDeadline.map { MonotonicClock.milliseconds(until: $0) } ?? -1
    let timeout = own < 0 ? due : due < 0 ? own : min(own, due)
    // When the background work is due (asking the sources again after the wait costs more
    // than reading the clock).
    let dueAt = MonotonicClock.deadline(milliseconds: Int(due))
    if let error = polled.wait(milliseconds: timeout) {
      if error != .interrupted { exit = .exit(0) }
      return
    }
    handleSignals(drainsPipe: polled[1].isReadable)
    if exit != nil { return }
    let input = polled[0]
    let backgroundReady = polled.anyReady(from: 2)
    if input.isReadable {
      readInput()
    } else if input.isGone {
      // The terminal went away.
      exit = .terminated(Signal.hangUp)
      return
    } else if polled[1].isQuiet, !backgroundReady, let deadline = inputDeadline,
      MonotonicClock.now() >= deadline
    {
      // The input's own wait ran out, not the background work's (a key's cut sequence, or the
      // outer terminal's answer in two reads, is not decided at a terminal tab's timer).
      inputWaitEnded()
      noteInputWait()
    }
    if backgroundReady || dueAt.map({ MonotonicClock.now() >= $0 }) == true {
      runBackground(ready: polled.ready(from: 2))
    }
  }

  /// Reads what the terminal sent and acts on it.
  private func readInput() {
    // Into the buffer the session keeps: an array made and zeroed for each read cost more than
    // the key it holds, and so did a temporary allocation this size (not on the stack).
    let chunk = inputBuffer
    guard case .read(let count) = SystemIO.readOnce(0, into: chunk) else { return }
    if count == 0 {
      exit = .terminated(Signal.hangUp)
      return
    }
    receive(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
    noteInputWait()
  }

  /// Sets ``inputDeadline`` from what the decoder holds now (the clock read only when it holds
  /// something: not for a whole key).
  private func noteInputWait() {
    inputDeadline = MonotonicClock.deadline(milliseconds: Int(inputTimeout))
  }

  /// Runs the background work (process plugins' requests), its output to the panel; `ready`:
  /// the background descriptors the wait found ready.
  private func runBackground(ready: [Int32]) {
    // The loop's own rounds put off the looks that name terminal tabs: a key's echo does not
    // wait for them.
    terminalTabs?.putsOffForegroundLooks = true
    defer { terminalTabs?.putsOffForegroundLooks = false }
    let outcome = host.background.run(ready)
    showBackground(outcome.printed)
    if let status = outcome.exit { exit = .exit(status) }
  }
}
