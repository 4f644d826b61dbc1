/// The numbers of the session protocol (docs/Sessions.md).
package enum SessionProtocol {
  /// The protocol versions this build speaks, oldest first (docs/Sessions.md, "`hello`"): 2 adds
  /// the notifications `started` and `output`.
  package static let versions = [1, 2]
  /// The newest protocol version this build speaks.
  package static let version = 2
  /// The most bytes of a `run`'s output, and of its errors, that its answer carries: what they
  /// print past it is dropped, and the errors say how much.
  package static let answerTextLimit = 4 << 20
  /// The longest line-mode message or frame payload, in bytes.
  package static let messageLimit = 1 << 20
  /// The most output a connection may leave unread before it is cut off, in bytes.
  package static let outputLimit = 4 << 20
  /// The most connections a server keeps open at once: one past it is closed as it is accepted,
  /// so that clients that connect and never close cannot take every descriptor (and, with the
  /// buffers above, unbounded memory) from the session's terminals and plugins.
  package static let connectionLimit = 128
  /// The most input an attached client may have waiting to be taken in before it is cut off
  /// (`end`, reason `flood`), in bytes.
  package static let inputBacklogLimit = 1 << 20
  /// How much of an attached client's waiting input the server takes in a round, in bytes: a
  /// flood of keys costs each round a bounded time, so that other clients and `run` requests are
  /// answered between two slices of it.
  package static let inputSlice = 1024
  /// How long the server keeps a connection that has not said `hello`, in milliseconds, from its
  /// accept: then it is closed, so that connections that never speak cannot hold the
  /// ``connectionLimit`` for long. A client says `hello` as soon as it is connected (under a
  /// millisecond later, measured with six busy loops on two cores); a `hello` that came in while
  /// the server was busy is read before the connection is judged.
  package static let helloTimeout: Int32 = 3000
  /// How long a client waits for a server's answer to `hello`, in milliseconds.
  package static let answerTimeout: Int32 = 1000
  /// The error code of a refusal with a message (a wrong version, the session ending).
  package static let refusal = 1
}
