/// The methods of the session protocol (docs/Sessions.md, "Messages in line mode"): the one list
/// that the clients and the server name them from, requests and notifications alike.
package enum SessionMethod: String, CaseIterable, Sendable {
  /// A client's first request: the protocol version it speaks and what it is.
  case hello
  /// A client's request: commands to run as a script line; answered with their output, errors and
  /// status.
  case run
  /// A client's request: the shell's events, each an ``event`` notification from then on.
  case events
  /// A client's request: the session's name, pid, tabs, attached clients and start.
  case info
  /// A client's request: the session ends.
  case kill
  /// A client's request: the connection switches to frames and draws the session.
  case attach
  /// The server's notification to an `events` client: one event, as `trace json` prints it.
  case event
  /// The server's notification to a client whose request waits for a command running there.
  case busy
  /// The notification of the client whose `run` runs: Ctrl-C, the commands stop.
  case interrupt
  /// The server's notification as it closes a connection of its own accord (one idle, to make
  /// room for a client that came): why, in words.
  case closed
  /// The server's notification, in protocol 2, to a client it told ``busy``: its request held
  /// runs now.
  case started
  /// The server's notification, in protocol 2, before the answer to a `run` whose output or errors
  /// do not fit in one message: a piece of them, in order.
  case output

  /// Whether a client sends it as a request (answered), rather than as a notification.
  package var isRequest: Bool {
    switch self {
    case .hello, .run, .events, .info, .kill, .attach: true
    case .event, .busy, .interrupt, .closed, .started, .output: false
    }
  }
}
