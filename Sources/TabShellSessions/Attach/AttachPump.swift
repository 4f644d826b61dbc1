import TabShellPlatform
import TabShellRPC

/// The loop of an attached client (docs/Sessions.md, "Frame mode"): the terminal's bytes go to
/// the server as `input` frames, its `output` frames to the terminal as they are, a new size
/// (SIGWINCH) as a `resize` frame, until the server's `end`.
///
/// The terminal closing (its input ends) or SIGTERM or SIGINT send `detach` and wait for the
/// `end` (at most a second); SIGHUP sends `detach` and leaves at once (no terminal is left to
/// show anything). The connection lost without an `end` is said as such.
///
/// Isolation: the client's thread; the socket is blocking, so writing to a server that stopped
/// reading waits (the server reads every round, and a client is a single user's terminal).
final class AttachPump {
  /// How the attachment ended: the `end` frame's reason (`nil`: the connection was lost), the
  /// message to print and the exit status.
  struct Ending: Equatable {
    var reason: EndReason?
    var message: String
    var status: Int32
  }

  let socket: Int32
  let name: String
  let terminalInput: Int32
  let terminalOutput: Int32
  let signals: ClientSignals?
  /// Gives the terminal back, stops the process when asked (SIGTSTP) and takes the terminal again
  /// once it continues; `false` when it could not be taken again. (Nothing by default: a pump
  /// whose terminal is not a terminal.)
  var retakeTerminal: (_ stop: Bool) -> Bool = { _ in true }
  private var fromServer: LineBuffer
  private var inputOpen = true
  /// When a `detach` was sent: the `end` is waited for until then (monotonic nanoseconds).
  private var detachDeadline: UInt64?

  init(
    socket: Int32, name: String, buffered: LineBuffer, terminalInput: Int32 = 0,
    terminalOutput: Int32 = 1, signals: ClientSignals?
  ) {
    self.socket = socket
    self.name = name
    fromServer = buffered
    self.terminalInput = terminalInput
    self.terminalOutput = terminalOutput
    self.signals = signals
  }

  /// Pumps until the attachment ends.
  func run() -> Ending {
    while true {
      // Frames that came with the last read (or with `attach`'s answer) first.
      if let ending = takeFrames() { return ending }
      if let deadline = detachDeadline, MonotonicClock.now() >= deadline {
        return Ending(reason: .detached, message: "[detached from session \(name)]", status: 0)
      }
      var watched = [SystemIO.Watched(fd: socket)]
      watched.append(SystemIO.Watched(fd: inputOpen ? terminalInput : -1))
      watched.append(SystemIO.Watched(fd: signals?.readDescriptor ?? -1))
      let wait = detachDeadline.map { MonotonicClock.milliseconds(until: $0) } ?? -1
      let ready = SystemIO.wait(watched, milliseconds: wait)
      if ready[2].readable, let ending = handleSignals() { return ending }
      if ready[1].readable || ready[1].broken { readTerminal() }
      if ready[0].readable || ready[0].broken {
        switch fromServer.fill(from: socket) {
        case .read, .wouldBlock: break
        case .endOfFile, .failed:
          if let ending = takeFrames() { return ending }
          return lost
        }
      }
    }
  }

  /// The connection went away without an `end`.
  private var lost: Ending {
    Ending(reason: nil, message: "[lost session \(name): its server went away]", status: 1)
  }

  /// Writes the `output` frames received to the terminal; the ending at an `end` frame or
  /// garbage.
  private func takeFrames() -> Ending? {
    while true {
      switch fromServer.nextFrame() {
      case .none: return nil
      case .tooLong: return garbage
      case .item(let frame):
        switch ServerFrame(frame) {
        case .output(let bytes):
          if (try? SystemIO.writeAll(terminalOutput, bytes)) == nil { detach(waiting: false) }
        case .end(let reason, let message, let status):
          let code = reason == .exited ? Int32(clamping: status ?? 0) : 0
          // The server's words reach the user's terminal: written out as every message is.
          return Ending(reason: reason, message: TerminalText.neutralized(message), status: code)
        case nil: return garbage
        }
      }
    }
  }

  private var garbage: Ending {
    Ending(reason: nil, message: "[session \(name) sent garbage: detached]", status: 1)
  }

  /// Sends what the terminal typed; at its end, detaches.
  private func readTerminal() {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let result = chunk.withUnsafeMutableBytes { SystemIO.readOnce(terminalInput, into: $0) }
    switch result {
    case .read(let count) where count > 0:
      send(.input(Array(chunk[..<count])))
    case .read, .failed:
      inputOpen = false
      detach(waiting: true)
    default: break
    }
  }

  /// SIGWINCH sends the new size; SIGHUP leaves at once, detached; SIGTERM and SIGINT detach;
  /// SIGTSTP gives the terminal back and stops, and SIGCONT (after a stop this loop did not see:
  /// SIGSTOP) takes the terminal again, then asks for a whole frame.
  private func handleSignals() -> Ending? {
    var arrived = signals?.take() ?? []
    if arrived.contains(Signal.terminalStop) || arrived.contains(Signal.continue) {
      let stop = arrived.contains(Signal.terminalStop)
      if !retakeTerminal(stop) {
        detach(waiting: false)
        return Ending(
          reason: .detached,
          message: "[detached from session \(name): the terminal could not be taken again]",
          status: 0)
      }
      // What came while stopped, but the SIGCONT that ended the stop.
      if stop { arrived.formUnion((signals?.take() ?? []).subtracting([Signal.continue])) }
      // The size asked for again: the server answers with a whole frame.
      if let size = TerminalDevice.windowSize(terminalOutput) {
        send(.resize(columns: size.columns, rows: size.rows))
      }
    }
    if arrived.contains(Signal.hangUp) {
      detach(waiting: false)
      return Ending(reason: .detached, message: "[detached from session \(name)]", status: 0)
    }
    if arrived.contains(Signal.terminate) || arrived.contains(Signal.interrupt) {
      detach(waiting: true)
    }
    if arrived.contains(Signal.windowChange), let size = TerminalDevice.windowSize(terminalOutput) {
      send(.resize(columns: size.columns, rows: size.rows))
    }
    return nil
  }

  /// Sends `detach` (once); with `waiting`, the server's `end` is waited for a second.
  private func detach(waiting: Bool) {
    guard detachDeadline == nil else { return }
    send(.detach)
    detachDeadline = MonotonicClock.now() + (waiting ? 1_000_000_000 : 0)
  }

  /// Writes a frame to the server; a failure shows as the connection's end at the next read.
  private func send(_ frame: ClientFrame) {
    let bytes = frame.frame.encoded
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        UnixSocket.send(socket, UnsafeRawBufferPointer(rebasing: $0[offset...]))
      }
      switch sent {
      case .sent(let count): offset += count
      case .wouldBlock:
        _ = SystemIO.wait([SystemIO.Watched(fd: socket, write: true)], milliseconds: 1_000)
      case .failed: return
      }
    }
  }
}
