import TabShellFullScreen
import TabShellHost
import TabShellPlatform
import TabShellRendering
import TabShellSessions
import TabShellTerminal

/// The terminal a session's full-screen mode draws on: every attached client at once
/// (docs/Sessions.md, "Frame mode").
///
/// Its size is the smallest client's, columns and rows apart (as tmux has it): every client shows
/// the same frame in its top-left corner, and a larger client's cells outside it are cleared with
/// each whole frame. A frame goes to every client as `output` frames (at most 1 MiB of payload
/// each), queued on its connection; a client too slow to take it is the server's to cut off.
/// Each client's input is decoded apart (``decode(_:from:)``), so that one client's escape
/// sequence or paste cut by a read is never mixed with another's keys.
///
/// There is nothing to enter or leave here (each client sets its own terminal up), no signal,
/// no Ctrl-Z and no line REPL to go back to: the panel says so.
///
/// Isolation: the server's thread.
final class ClientsTerminal: FullScreenTerminal {
  /// One attached client.
  struct Client {
    let connection: SessionConnection
    package var columns: Int
    package var rows: Int
    var decoder = InputDecoder()
    /// When the decoder must decide on its pending bytes (monotonic nanoseconds), if it holds any.
    var deadline: UInt64?
  }

  /// The clients, in the order they attached.
  private(set) var clients: [Client] = []

  /// A client attached at this size.
  func add(_ connection: SessionConnection, columns: Int, rows: Int) {
    clients.append(Client(connection: connection, columns: columns, rows: rows))
  }

  /// A client left.
  func remove(_ connection: SessionConnection) {
    clients.removeAll { $0.connection === connection }
  }

  /// A client's terminal has a new size.
  func resize(_ connection: SessionConnection, columns: Int, rows: Int) {
    guard let index = clients.firstIndex(where: { $0.connection === connection }) else { return }
    clients[index].columns = columns
    clients[index].rows = rows
  }

  /// Decodes bytes a client typed into events, with that client's decoder.
  func decode(_ bytes: [UInt8], from connection: SessionConnection) -> [InputEvent] {
    guard let index = clients.firstIndex(where: { $0.connection === connection }) else { return [] }
    let events = clients[index].decoder.feed(bytes)
    clients[index].deadline = Self.deadline(of: clients[index].decoder)
    return events
  }

  /// The events of the clients whose decoders waited long enough for more bytes: a lone ESC is
  /// Esc, a cut sequence is dropped, an open paste ends. Each with its client.
  func takeTimedOut(now: UInt64) -> [(SessionConnection, [InputEvent])] {
    var due: [(SessionConnection, [InputEvent])] = []
    for index in clients.indices {
      guard let deadline = clients[index].deadline, now >= deadline else { continue }
      var decoder = clients[index].decoder
      let events = decoder.hasPending ? decoder.flushPending() : decoder.finishPaste()
      clients[index].decoder = decoder
      clients[index].deadline = Self.deadline(of: decoder)
      due.append((clients[index].connection, events))
    }
    return due
  }

  /// How long until a client's decoder must decide on its pending bytes, in milliseconds (-1:
  /// none holds any).
  var timeout: Int32 {
    guard let soonest = clients.compactMap(\.deadline).min() else { return -1 }
    return MonotonicClock.milliseconds(until: soonest)
  }

  /// When a decoder holding bytes must decide on them: 25 ms for a lone ESC or a cut sequence, a
  /// second for an answer from the terminal begun or an open paste (as the local terminal waits:
  /// ``InputDecoder/patience``).
  private static func deadline(of decoder: InputDecoder) -> UInt64? {
    MonotonicClock.deadline(milliseconds: decoder.patience ?? -1)
  }

  func enter() throws(TerminalModeError) {}

  func leave() {}

  /// The smallest client's columns and rows, bounded as every frame is; `nil` with no client.
  func size() -> (columns: Int, rows: Int)? {
    guard let columns = clients.map(\.columns).min(), let rows = clients.map(\.rows).min() else {
      return nil
    }
    let width = min(max(1, columns), RenderOptions.maximumWidth)
    return (
      width,
      min(max(1, rows), RenderOptions.maximumHeight, max(1, RenderOptions.maximumCells / width))
    )
  }

  func write(_ frame: [UInt8], whole: Bool) -> Bool {
    guard let (columns, rows) = size() else { return true }
    for client in clients {
      var bytes: [UInt8] = []
      if whole { Self.clearOutside(columns: columns, rows: rows, of: client, into: &bytes) }
      bytes += frame
      var framed: [UInt8] = []
      framed.reserveCapacity(bytes.count + Frame.headerSize)
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + SessionProtocol.messageLimit)
        Frame(type: 1, payload: Array(bytes[start..<end])).encode(into: &framed)
        start = end
      }
      // Too slow a client is cut off by the server after the round; the server writes the frame
      // out in this round.
      client.connection.send(framed)
    }
    return true
  }

  /// The bytes that blank a client's cells right of and under a frame of `columns` × `rows`: the
  /// pen reset, then each row's tail erased (`EL`) and everything below (`ED`).
  static func clearOutside(
    columns: Int, rows: Int, of client: Client, into bytes: inout [UInt8]
  ) {
    guard client.columns > columns || client.rows > rows else { return }
    var text = "\u{1B}[m"
    if client.columns > columns {
      for row in 1...rows { text += "\u{1B}[\(row);\(columns + 1)H\u{1B}[K" }
    }
    if client.rows > rows { text += "\u{1B}[\(rows + 1);1H\u{1B}[J" }
    bytes += Array(text.utf8)
  }

  func commandRunning(_ running: Bool) {}

  /// The server writes the clients' frames out at each wake-up of a wait
  /// (``SessionServer/serveWhileWaiting()``); with no client, nothing is drawn.
  var showsFramesWhileWaiting: Bool { !clients.isEmpty }

  /// A session's: `detach` leaves it running.
  var detaches: Bool { true }

  func takeSignals(drainsPipe: Bool) -> SignalWatcher.Pending { SignalWatcher.Pending() }

  func suspend() -> TerminalSuspension {
    .refused("Ctrl-Z does not stop a session; prefix d or 'detach' detaches this terminal")
  }

  var lineModeRefusal: String? {
    "a session has no line prompt; prefix d or 'detach' detaches this terminal, and "
      + "'tabshell send' runs commands in the session from another shell"
  }
}
