import CReadline
import TabShellFullScreen
import TabShellHost
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellPlatform
import TabShellSessions
import TabShellTerminal

/// A session's full-screen mode, drawn for its attached clients (docs/Sessions.md, "Frame mode";
/// docs/Contract.md, "Sessions"): the ``AttachedClients`` of a ``SessionServer``.
///
/// One ``FullScreenSession`` lives as long as the session: the focus, the line being typed, the
/// output panel and the frame stay whoever attaches or leaves. It draws on a ``ClientsTerminal``
/// (every client, at the smallest client's size). Input from any client goes to it, decoded per
/// client; `run` requests and background work change the shell between two rounds, and at the
/// end of each round the mode draws what changed, for every client at once (nothing at all while
/// none is attached; the background work goes on). A line typed that runs `quit` or `exit N` (or
/// `q`, Ctrl-D on an empty line) ends the session: the server gives every client `end` (reason
/// `exited`, with the status).
///
/// `detach` (and prefix `d`, bound here unless the start-up file bound it) detaches the client
/// that typed it; from `tabshell send` (no client typing), every client.
///
/// Isolation: the server's thread.
final class SessionScreen: AttachedClients {
  unowned let server: SessionServer
  let terminal: ClientsTerminal
  let mode: FullScreenSession
  /// The client whose input is being handled, if any.
  private var typing: SessionConnection?
  /// Clients `detach` asked to leave, detached once the input that asked is handled; `nil` for
  /// every client.
  private var leaving: [SessionConnection?] = []
  /// Input each client sent that is not taken in yet: a slice of each is taken in a round
  /// (``SessionProtocol/inputSlice``).
  private var backlog: [(connection: SessionConnection, bytes: ArraySlice<UInt8>)] = []
  /// What background work printed this round, for the panel.
  private var printed: [(text: String, isError: Bool)] = []
  private var ended = false

  init(server: SessionServer, mode: FullScreenSession, terminal: ClientsTerminal) {
    self.server = server
    self.mode = mode
    self.terminal = terminal
  }

  func attached(_ connection: SessionConnection, columns: Int, rows: Int) {
    terminal.add(connection, columns: columns, rows: rows)
    // An xterm-like terminal (one that takes the cursor's shape) is asked its default colours:
    // they come back in the client's input, and the last client's answer holds for every tab.
    if mode.frame.writer.styleFeatures.contains(.cursorShape) {
      connection.send(Frame(type: 1, payload: ColorReport.queries).encoded)
    }
    // Every client gets a whole frame, at the size that fits them all now.
    mode.resized()
  }

  func received(_ frame: ClientFrame, from connection: SessionConnection) {
    switch frame {
    case .input(let bytes):
      // It came while a command this client's keys ran waits (the server reads its clients
      // then): Ctrl-C interrupts the command, as on a terminal, with the keys typed before it.
      if connection === typing, let last = bytes.lastIndex(of: Self.controlC) {
        server.interruptCommand()
        backlog.removeAll { $0.connection === connection }
        queue(Array(bytes[(last + 1)...]), from: connection)
        return
      }
      queue(bytes, from: connection)
    case .resize(let columns, let rows):
      terminal.resize(connection, columns: columns, rows: rows)
      mode.resized()
    case .detach:
      // The server ends the connection; ``detached(_:reason:)`` follows.
      break
    }
  }

  func detached(_ connection: SessionConnection, reason: EndReason) {
    let before = terminal.size()
    terminal.remove(connection)
    leaving.removeAll { $0 === connection }
    backlog.removeAll { $0.connection === connection }
    if let after = terminal.size(), after.columns != before?.columns || after.rows != before?.rows {
      mode.resized()
    }
  }

  /// No wait while input is waiting to be taken in.
  var timeout: Int32 { backlog.isEmpty ? terminal.timeout : 0 }

  func roundEnded(cameIn: Bool) {
    guard !ended else { return }
    let tookInput = takeInputSlices()
    for (connection, events) in terminal.takeTimedOut(now: MonotonicClock.now()) {
      handle(events, from: connection)
    }
    // Background work and `run` requests may have changed anything: the pages are drawn again
    // (a frame that changed no cell is not sent).
    if cameIn || tookInput {
      mode.showBackground(printed)
      printed.removeAll()
    }
    detachLeaving()
    // The prompt names the visible screen, which a `run` request may have changed.
    let prompt = mode.prompt
    if ReadlineBridge.isReading, tabshell_rl_prompt().map({ String(cString: $0) }) != prompt {
      rl_set_prompt(prompt)
      FullScreenReadline.markChanged()
    }
    if !terminal.clients.isEmpty { mode.step() }
    endIfExited()
  }

  func sessionEnding(reason: EndReason, status: Int32?) {
    guard !ended else { return }
    ended = true
    mode.close()
    ReadlineBridge.end()
  }

  /// The byte Ctrl-C sends.
  static let controlC: UInt8 = 0x03

  /// Keeps `bytes` a client sent to be taken in a slice at a time; a client with more than
  /// ``SessionProtocol/inputBacklogLimit`` bytes waiting is cut off (reason `flood`).
  private func queue(_ bytes: [UInt8], from connection: SessionConnection) {
    guard !bytes.isEmpty else { return }
    guard let index = backlog.firstIndex(where: { $0.connection === connection }) else {
      backlog.append((connection, bytes[...]))
      return
    }
    guard backlog[index].bytes.count + bytes.count <= SessionProtocol.inputBacklogLimit else {
      backlog.remove(at: index)
      server.drop(connection, reason: .flood)
      return
    }
    backlog[index].bytes.append(contentsOf: bytes)
  }

  /// Takes in a slice of each client's waiting input, in the order the clients sent it; `true`
  /// when there was any.
  private func takeInputSlices() -> Bool {
    guard !backlog.isEmpty else { return false }
    let waiting = backlog
    backlog.removeAll()
    for (connection, bytes) in waiting {
      let slice = bytes.prefix(SessionProtocol.inputSlice)
      let rest = bytes.dropFirst(slice.count)
      if !rest.isEmpty { backlog.append((connection, rest)) }
      handle(terminal.decode(Array(slice), from: connection), from: connection)
      if ended { break }
    }
    return true
  }

  /// Events a client typed: to the mode, with `detach` knowing who typed them.
  private func handle(_ events: [InputEvent], from connection: SessionConnection) {
    let events = events.compactMap(inFrame)
    guard !events.isEmpty else { return }
    typing = connection
    mode.handle(events)
    typing = nil
    detachLeaving()
    endIfExited()
  }

  /// A larger terminal's mouse outside the frame: a press or the wheel there is nobody's (it is
  /// dropped); a drag or a release is taken to the frame's nearest cell, so that a drag that
  /// left the frame still ends.
  private func inFrame(_ event: InputEvent) -> InputEvent? {
    guard case .mouse(var mouse) = event.kind,
      mouse.column > mode.columns || mouse.row > mode.rows
    else { return event }
    guard mouse.action == .drag || mouse.action == .release else { return nil }
    mouse.column = min(mouse.column, mode.columns)
    mouse.row = min(mouse.row, mode.rows)
    var clamped = event
    clamped.kind = .mouse(mouse)
    return clamped
  }

  /// `detach`: the client typing, else every client.
  func detach() {
    leaving.append(typing)
  }

  /// Detaches the clients `detach` named.
  private func detachLeaving() {
    guard !leaving.isEmpty else { return }
    let named = leaving
    leaving.removeAll()
    let connections =
      named.contains { $0 == nil }
      ? terminal.clients.map(\.connection) : named.compactMap { $0 }
    for connection in connections { server.drop(connection, reason: .detached) }
  }

  /// The mode ended (`quit`, `exit N`, `q`, Ctrl-D on an empty line): so does the session.
  private func endIfExited() {
    guard let exit = mode.exit else { return }
    switch exit {
    case .exit(let status): server.end(status: status, reason: .exited)
    case .terminated(let signal): server.end(status: 128 + signal, reason: .exited)
    case .lineMode: mode.exit = nil
    }
  }

  /// Background work's output, shown in the panel at the end of the round.
  func backgroundPrinted(_ text: String, isError: Bool) {
    var line = text
    if line.hasSuffix("\n") { line.removeLast() }
    printed.append((line, isError))
  }

  func whileWaiting(_ moment: WaitMoment) -> Int32 { mode.drawWhileWaiting(moment) }

  var fullScreen: (any FullScreenControl)? { mode }

  private(set) lazy var backgroundOutput: any OutputSink = BackgroundPanel(screen: self)
}

/// What runs outside the clients' keys and lines, as a sink: into the panel at the end of the
/// round (``SessionScreen/backgroundPrinted(_:isError:)``).
private final class BackgroundPanel: OutputSink {
  unowned let screen: SessionScreen

  init(screen: SessionScreen) {
    self.screen = screen
  }

  func printLine(_ line: String) { screen.backgroundPrinted(line, isError: false) }
  func report(_ diagnostic: Diagnostic) { screen.backgroundPrinted("\(diagnostic)", isError: true) }
  func relay(_ text: String) { screen.backgroundPrinted(text, isError: true) }
}
