import TabShellPlatform
import TabShellRPC

/// One client's connection, as the server holds it: the non-blocking socket, its peer, what it
/// sent that was not taken yet and what waits to be written to it (both bounded).
///
/// The server's loop reads it when `poll` says so (``fill()``), takes whole messages
/// (``nextLine()``, ``nextFrame()``), queues answers (``send(_:)``) and writes them out when the
/// socket is writable (``flush()``). Nothing here waits.
///
/// Isolation: the server's thread.
package final class SessionConnection {
  /// Where the connection is in the protocol.
  package enum Stage: Equatable, Sendable {
    /// Connected; only `hello` is taken.
    case greeting
    /// Said `hello`: line-mode requests.
    case lines
    /// Sent `attach` and got its answer: frames both ways.
    case frames
    /// Its last bytes are being written; then it is closed. Nothing more is read.
    case closing
  }

  /// The socket.
  package let fd: Int32
  /// Who connected (checked against the server's user at accept).
  package let peer: UnixSocket.Peer?
  /// Where it is in the protocol.
  package var stage = Stage.greeting
  /// What the client said it is in `hello` (`send`, `attach`...).
  package var kind = ""
  /// The protocol version spoken on it, chosen at `hello`.
  package var version = 1
  /// What it sent, not yet taken.
  package var input = LineBuffer.session()
  /// What waits to be written to it.
  package private(set) var output = OutputBuffer()
  /// When it was accepted (monotonic nanoseconds): one still in ``Stage/greeting``
  /// ``SessionProtocol/helloTimeout`` later is closed.
  package let accepted = MonotonicClock.now()
  /// When its client last sent something, or had its request answered (monotonic nanoseconds;
  /// its accept until then): the one idle longest gives its place up when the connections are at
  /// their limit.
  package var lastActive = MonotonicClock.now()
  /// Set when its output passed the cap: it is cut off.
  package private(set) var overflowed = false
  private var closed = false

  /// A connection on the accepted socket `fd`.
  package init(fd: Int32, peer: UnixSocket.Peer?) {
    self.fd = fd
    self.peer = peer
  }

  deinit { close() }

  /// Whether it has been closed.
  package var isClosed: Bool { closed }

  /// Whether the loop must watch it for writing (output waits).
  package var wantsWrite: Bool { !closed && !output.isEmpty }

  /// Whether the loop reads from it (not closing, and room for more input).
  package var wantsRead: Bool { !closed && stage != .closing && input.hasRoom }

  /// Queues `bytes`; `false` when that passes the output cap (the connection is then marked
  /// ``overflowed``: the caller cuts it off).
  @discardableResult
  package func send(_ bytes: some Collection<UInt8>) -> Bool {
    guard !closed, !overflowed else { return false }
    if output.append(bytes) { return true }
    overflowed = true
    return false
  }

  /// Queues a line-mode message.
  @discardableResult
  package func send(_ message: RPCMessage) -> Bool { send(message.line) }

  /// Queues the messages of an answer whole, even past the output cap (they are bounded: a
  /// `run`'s answer carries at most ``SessionProtocol/answerTextLimit`` of output and of errors),
  /// unless the cap is already passed: a client that reads its answers gets each one whole, and
  /// one that does not is cut off. `false` when it is (``overflowed``).
  @discardableResult
  package func send(answer bytes: [UInt8]) -> Bool {
    guard !closed, !overflowed else { return false }
    guard output.pendingCount <= output.limit else {
      overflowed = true
      return false
    }
    output.append(bytes, pastLimit: true)
    return true
  }

  /// Queues `bytes` past the cap: a last word (an error answer, an `end` frame) to a connection
  /// about to be closed with ``finish()``.
  package func sendLast(_ bytes: some Collection<UInt8>) {
    guard !closed else { return }
    output.append(bytes, pastLimit: true)
  }

  /// Throws away the queued messages not begun (the rest of one partly written stays): a client
  /// cut off for not reading gets its last word after that, not after all it did not read.
  package func dropUnstartedOutput() { output.dropUnstarted() }

  /// Whether its client is gone: the socket hung up (the client closed it or ended) or is in
  /// error. Nothing is read: what it sent and was not taken stays. A client that only shut down
  /// its writing is not gone (it still reads its answers).
  package var isGone: Bool {
    guard !closed else { return true }
    guard case .success(let states) = SystemIO.waitForInput([fd], milliseconds: 0),
      let state = states.first
    else { return false }
    return !state.isDisjoint(with: [.hungUp, .error, .invalid])
  }

  /// Reads what is there (one read).
  package func fill() -> LineBuffer.Fill { input.fill(from: fd) }

  /// The next whole line-mode message's bytes.
  package func nextLine() -> LineBuffer.Next<[UInt8]> { input.nextLine() }

  /// The next whole frame.
  package func nextFrame() -> LineBuffer.Next<Frame> { input.nextFrame() }

  /// Writes what the socket takes now.
  package func flush() -> OutputBuffer.Flush {
    guard !closed else { return .done }
    return output.flush(to: fd)
  }

  /// Writes what it can of the last bytes, then closes: the loop keeps a ``Stage/closing``
  /// connection until its output is out, it fails, or ``closingDeadline`` passes (a client that
  /// does not read is not waited for), so an error answer reaches a client that reads.
  package func finish(within milliseconds: UInt64 = 1000) {
    stage = .closing
    closingDeadline = MonotonicClock.now() + milliseconds * 1_000_000
    if case .pending = flush() { return }
    close()
  }

  /// When a ``Stage/closing`` connection is closed whatever is left (monotonic nanoseconds).
  package private(set) var closingDeadline: UInt64?

  /// Closes the socket (once).
  package func close() {
    guard !closed else { return }
    closed = true
    SystemIO.close(fd)
  }
}
