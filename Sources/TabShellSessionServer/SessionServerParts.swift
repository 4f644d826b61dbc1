import TabShellPlatform
import TabShellSessions

/// How long a session's server waits for its connections and how many it keeps
/// (docs/Sessions.md, "Where the socket is"). Tests change them.
package struct ConnectionLimits: Sendable {
  /// How long a connection may stay without saying `hello` before it is closed, in milliseconds
  /// (``TabShellSessions/SessionProtocol/helloTimeout``).
  package var helloTimeout = SessionProtocol.helloTimeout
  /// How long a connection that has not said `hello` may be silent before it goes first when
  /// room is made for one more, in milliseconds: clients say `hello` as soon as they are
  /// connected, so one silent this long speaks no more, while one that has just come is not taken
  /// for silent.
  package var silentGrace = 500
  /// How many connections the server keeps open
  /// (``TabShellSessions/SessionProtocol/connectionLimit``).
  package var connectionLimit = SessionProtocol.connectionLimit

  /// The limits of the protocol.
  package init() {}
}

/// The listening socket and what lets it refuse a connection when the process has no descriptor
/// left (``SessionServer/acceptAll()``).
struct SessionListener {
  /// The listening socket.
  let fd: Int32
  /// The descriptor given up to refuse a connection when none is left.
  let spare = SpareDescriptor()
  /// Until when the listener is not watched (monotonic nanoseconds): no descriptor was left to
  /// accept with, not even the spare's.
  var restingUntil: UInt64?

  /// Whether the listener is watched now; a rest that is over ends here.
  mutating func isWatched(now: UInt64 = MonotonicClock.now()) -> Bool {
    if let rest = restingUntil, now >= rest { restingUntil = nil }
    return restingUntil == nil
  }
}

/// The connections that asked for `events`, and the shell observer that feeds them while there
/// are some.
struct EventSubscribers {
  /// Connections that asked for `events`, in the order they asked.
  var connections: [SessionConnection] = []
  /// The shell observer that feeds ``connections``.
  var observer: Int?

  /// Whether `connection` takes `events`.
  func contains(_ connection: SessionConnection) -> Bool {
    connections.contains { $0 === connection }
  }

  /// Forgets `connection`.
  mutating func remove(_ connection: SessionConnection) {
    connections.removeAll { $0 === connection }
  }
}
