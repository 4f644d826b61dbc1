import TabShellJSON
import TabShellPlatform

/// JSON-RPC 2.0 with a child process, one JSON message per line on its stdin and stdout.
///
/// ``request(_:params:)`` writes one line and waits (with `poll`, no threads) until the answer with
/// its id comes back or the time limit passes. Requests can also be pipelined: several sent with
/// ``sendRequest(_:params:)`` before their answers are taken with ``response(to:)``; the plugin
/// answers in the order it received them (an answer out of that order is a fault). What the
/// plugin sends of its own accord — requests and notifications, at any time — is queued for the
/// host (``nextIncoming()``); its stderr is handed over line by line (``stderrHandler``).
///
/// An event loop that waits for something else (a REPL reading a line) polls ``pollDescriptors``
/// for reading alongside its own and calls ``processAvailable()`` when one is ready; it never
/// blocks.
///
/// Anything the plugin does outside the protocol or its limits is a ``PluginFault``: the
/// connection stops the child (SIGTERM, then SIGKILL, reaped), keeps the fault in ``fault``, and
/// every call from then on throws it.
///
/// The host keeps to the line limit it holds the plugin to (``RPCLimits/maxLineBytes``): a request
/// whose line would be longer is not written, and its answer is an error that says so (the plugin
/// is not at fault and goes on); an answer too long is replaced by a short error (see
/// ``respond(to:with:)``).
///
/// Isolation: used from one thread at a time; the handler is called on that thread.
package final class RPCConnection {
  /// The child.
  package let process: ChildProcess
  /// The limits it is held to.
  package let limits: RPCLimits
  /// What stopped it, once something has.
  package private(set) var fault: PluginFault?
  /// Called with each line the plugin writes on stderr (without its `\n`; invalid UTF-8 repaired
  /// with U+FFFD; a line longer than ``RPCLimits/maxStderrLineBytes`` in pieces).
  package var stderrHandler: (String) -> Void

  var output: LineBuffer
  var errors: LineBuffer
  var nextID = 1
  /// Requests sent whose answers have not been taken yet, oldest first, with the answers read.
  var pending: [PendingRequest] = []
  /// The plugin's output ended or it exited: the fault to raise once the answers read before are
  /// taken.
  var pendingFault: PluginFault?
  var queue: [IncomingMessage] = []
  var queueHead = 0
  /// The message being written, reused.
  var outgoing: [UInt8] = []
  /// The flood budget: messages the plugin may still send now, and when it was last refilled.
  var tokens: Double
  var refilledAt: UInt64

  /// Starts `executable` and connects to it. No message is sent yet.
  package init(
    executable: String, arguments: [String] = [], environment: [String]? = nil,
    limits: RPCLimits = RPCLimits(), stderrHandler: @escaping (String) -> Void = { _ in }
  ) throws(PluginFault) {
    process = try ChildProcess(
      executable: executable, arguments: arguments, environment: environment)
    self.limits = limits
    self.stderrHandler = stderrHandler
    output = LineBuffer(limit: limits.maxLineBytes)
    errors = LineBuffer(limit: limits.maxStderrLineBytes)
    tokens = Double(limits.maxPerSecond)
    refilledAt = MonotonicClock.now()
    outgoing.reserveCapacity(256)
  }

  deinit {
    if !process.isReaped { process.terminate(grace: limits.killGrace) }
  }

  /// A request sent and not yet taken: its answer once read.
  struct PendingRequest {
    let id: Int
    let method: String
    /// Its time limit, in seconds.
    let seconds: Double
    /// When the time limit for its answer runs out (monotonic nanoseconds).
    let deadline: UInt64
    var response: RPCResponse?
  }

  /// Sends a request and waits for its answer: the plugin's result or its error (a refusal, not a
  /// fault). Messages the plugin sends meanwhile are queued.
  package func request(_ method: String, params: JSONValue? = nil, timeout: Double? = nil)
    throws(PluginFault) -> RPCResponse
  {
    try response(to: sendRequest(method, params: params, timeout: timeout))
  }

  /// Sends a request without waiting; returns its id, for ``response(to:)``. Every request sent
  /// must be taken with ``response(to:)``. `timeout` (seconds) replaces the limits' for this one
  /// answer.
  package func sendRequest(_ method: String, params: JSONValue? = nil, timeout: Double? = nil)
    throws(PluginFault) -> Int
  {
    try checkRunning()
    let id = nextID
    nextID += 1
    outgoing.removeAll(keepingCapacity: true)
    outgoing.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
    JSONWriter.appendInteger(id, to: &outgoing)
    appendMethod(method, params: params)
    let seconds = timeout ?? limits.timeout
    let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
    var request = PendingRequest(id: id, method: method, seconds: seconds, deadline: deadline)
    if outgoing.count - 1 > limits.maxLineBytes {
      request.response = .error(tooLong(outgoing.count - 1))
    } else {
      try send(until: deadline)
    }
    pending.append(request)
    return id
  }

  /// The answer to a request that was not written because its line would have been `bytes`
  /// long, past ``RPCLimits/maxLineBytes`` (`what` was too long).
  func tooLong(_ bytes: Int, what: String = "the message to the plugin") -> RPCError {
    RPCError(
      code: RPCError.failed,
      message: "\(what) would be a line of \(bytes) bytes, longer than the "
        + "\(limits.maxLineBytes) a line may be")
  }

  /// Waits for the answer to a request sent with ``sendRequest(_:params:)`` (and so for the
  /// answers of the ones sent before it), each within its time limit.
  package func response(to id: Int) throws(PluginFault) -> RPCResponse {
    while true {
      if let fault { throw fault }
      guard let index = pending.firstIndex(where: { $0.id == id }) else {
        preconditionFailure("no request \(id) is waiting for its answer")
      }
      if let response = pending[index].response {
        pending.remove(at: index)
        return response
      }
      if let pendingFault { throw stop(because: pendingFault) }
      guard let oldest = pending.first(where: { $0.response == nil }) else { continue }
      if MonotonicClock.now() >= oldest.deadline {
        throw stop(because: .timedOut(method: oldest.method, seconds: oldest.seconds))
      }
      try pump(until: oldest.deadline)
    }
  }

  /// Sends a notification (no answer comes back); one whose line would be longer than
  /// ``RPCLimits/maxLineBytes`` is not sent, and this returns `false`.
  @discardableResult
  package func notify(_ method: String, params: JSONValue? = nil) throws(PluginFault) -> Bool {
    try checkRunning()
    outgoing.removeAll(keepingCapacity: true)
    outgoing.append(contentsOf: #"{"jsonrpc":"2.0""#.utf8)
    appendMethod(method, params: params)
    guard outgoing.count - 1 <= limits.maxLineBytes else { return false }
    try send(until: MonotonicClock.now() + UInt64(limits.timeout * 1e9))
    return true
  }

  /// Answers a request the plugin sent (``IncomingMessage/id``). An answer whose line would be
  /// longer than ``RPCLimits/maxLineBytes`` (an error that quotes what the plugin sent) is
  /// replaced by a short error; an id too long for even that to fit is the plugin's fault.
  package func respond(to id: JSONValue, with response: RPCResponse) throws(PluginFault) {
    try checkRunning()
    writeAnswer(to: id, response)
    if outgoing.count - 1 > limits.maxLineBytes {
      let bytes = outgoing.count - 1
      writeAnswer(to: id, .error(tooLong(bytes, what: "the answer")))
      guard outgoing.count - 1 <= limits.maxLineBytes else {
        throw stop(because: .invalidMessage("a request's id is too long to be answered"))
      }
    }
    try send(until: MonotonicClock.now() + UInt64(limits.timeout * 1e9))
  }

  private func writeAnswer(to id: JSONValue, _ response: RPCResponse) {
    outgoing.removeAll(keepingCapacity: true)
    outgoing.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
    id.write(to: &outgoing)
    switch response {
    case .result(let result):
      outgoing.append(contentsOf: #","result":"#.utf8)
      result.write(to: &outgoing)
    case .error(let error):
      outgoing.append(contentsOf: #","error":"#.utf8)
      error.json.write(to: &outgoing)
    }
    outgoing.append(contentsOf: "}\n".utf8)
  }

  /// The descriptors an event loop polls for reading (stdout, stderr, and the exit descriptor
  /// where there is one); empty once the plugin is stopped.
  package var pollDescriptors: [Int32] {
    guard fault == nil else { return [] }
    return [process.stdout, process.stderr, process.exitDescriptor].filter { $0 >= 0 }
  }

  /// Takes in whatever the plugin has written (messages are queued, stderr lines handed over)
  /// and notices whether it has exited, without blocking. A plugin that exits after writing is
  /// stopped once its messages are taken: what it wrote last still counts.
  package func processAvailable() throws(PluginFault) {
    try checkRunning()
    try pump(until: nil)
    if let pendingFault, queueHead >= queue.count { throw stop(because: pendingFault) }
  }

  /// The oldest message of the plugin's own that the host has not taken yet.
  package func nextIncoming() -> IncomingMessage? {
    guard queueHead < queue.count else { return nil }
    let message = queue[queueHead]
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    return message
  }

  /// How many messages of the plugin's own are waiting.
  package var incomingCount: Int { queue.count - queueHead }

  /// Ends the plugin normally: closes its stdin (it should exit), waits a little, then stops it
  /// as after a fault. Returns how it ended. Calls afterwards throw ``PluginFault/exited(_:)``.
  @discardableResult
  package func shutdown(until deadline: UInt64? = nil) -> ExitStatus? {
    let status = process.shutdown(
      grace: limits.shutdownGrace, killGrace: limits.killGrace, until: deadline)
    drainStderr(final: true)
    process.closeOutputs()
    if fault == nil { fault = .exited(status ?? .signaled(9)) }
    return status
  }

  /// Stops the plugin because of `fault` (the first one counts): terminates it, forwards what it
  /// wrote on stderr last, and returns the fault to throw.
  @discardableResult
  package func stop(because fault: PluginFault) -> PluginFault {
    if let existing = self.fault { return existing }
    self.fault = fault
    process.terminate(grace: limits.killGrace)
    drainStderr(final: true)
    process.closeOutputs()
    return fault
  }

  func checkRunning() throws(PluginFault) {
    if let fault { throw fault }
    if let pendingFault { throw stop(because: pendingFault) }
  }

  func appendMethod(_ method: String, params: JSONValue?) {
    outgoing.append(contentsOf: #","method":"#.utf8)
    JSONWriter.appendString(method, to: &outgoing)
    if let params {
      outgoing.append(contentsOf: #","params":"#.utf8)
      params.write(to: &outgoing)
    }
    outgoing.append(contentsOf: "}\n".utf8)
  }

  func send(until deadline: UInt64) throws(PluginFault) {
    let result = outgoing.withUnsafeBytes { process.write($0, until: deadline) }
    switch result {
    case .written: return
    case .timedOut: throw stop(because: .notReading(seconds: limits.timeout))
    case .closed:
      let exit = process.waitForExit(until: MonotonicClock.now() + 100_000_000)
      throw stop(because: exit.map(PluginFault.exited) ?? .closedStdin)
    }
  }
}
