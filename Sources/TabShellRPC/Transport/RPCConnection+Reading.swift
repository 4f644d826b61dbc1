import TabShellJSON
import TabShellPlatform

extension RPCConnection {
  /// Reads at most this many chunks from one stream in one round, so that a plugin that writes
  /// without end cannot keep the host in one loop.
  static let readsPerRound = 16

  /// One round: waits until `deadline` (`nil`: not at all) for output or the child's exit, then
  /// takes in everything readable. Where the system has no exit descriptor, waits in slices and
  /// asks whether the child has exited after each.
  ///
  /// The end of the child's output, or its exit, becomes ``pendingFault``: raised by the caller
  /// once the answers read before it are taken.
  func pump(until deadline: UInt64?) throws(PluginFault) {
    var wait = deadline.map(MonotonicClock.milliseconds(until:)) ?? 0
    if process.exitDescriptor < 0 { wait = min(wait, 50) }
    let ready = SystemIO.pollReadable(
      [process.stdout, process.stderr, process.exitDescriptor], milliseconds: wait)
    if ready[1] { drainStderr(final: false) }
    if ready[0] { try drainStdout() }
    let exited = ready[2] || (process.exitDescriptor < 0 && process.exitStatus() != nil)
    guard exited, pendingFault == nil else { return }
    // The child is gone: what it wrote before it went still counts.
    drainStderr(final: false)
    try drainStdout()
    if pendingFault == nil, let status = process.exitStatus() { pendingFault = .exited(status) }
  }

  /// Reads stdout and handles each whole line; stops early once the oldest request waiting has
  /// its answer (the rest is read in the next round).
  func drainStdout() throws(PluginFault) {
    guard process.stdout >= 0 else { return }
    for _ in 0..<Self.readsPerRound {
      switch output.fill(from: process.stdout) {
      case .read:
        try handleLines()
        if let oldest = pending.first, oldest.response != nil { return }
      case .wouldBlock:
        return
      case .endOfFile, .failed:
        pendingFault =
          process.waitForExit(until: MonotonicClock.now() + 100_000_000).map(PluginFault.exited)
          ?? .closedStdout
        process.closeStdout()
        return
      }
    }
  }

  private func handleLines() throws(PluginFault) {
    while true {
      switch output.next() {
      case .none: return
      case .tooLong: throw stop(because: .lineTooLong(limit: output.limit))
      case .item(let range):
        let parsed = output.withBytes(range) { bytes -> Result<JSONValue, PluginFault>? in
          guard bytes.contains(where: { !Self.isBlank($0) }) else { return nil }
          do throws(JSONError) {
            return .success(try JSON.parse(bytes, maxDepth: limits.maxDepth))
          } catch {
            if error.reason == .invalidUTF8 { return .failure(.notUTF8(offset: error.offset)) }
            return .failure(.notJSON(error, excerpt: PluginFault.excerpt(bytes)))
          }
        }
        switch parsed {
        case nil: continue
        case .failure(let fault): throw stop(because: fault)
        case .success(let value): try handle(value)
        }
      }
    }
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }

  /// One message: an answer to the waiting request, or one of the plugin's own for the queue.
  private func handle(_ value: JSONValue) throws(PluginFault) {
    switch RPCMessage.classify(value) {
    case .failure(let error): throw stop(because: .invalidMessage(error.message))
    case .success(.result(let id, let result)): try take(.result(result), answering: id)
    case .success(.error(let id, let error)): try take(.error(error), answering: id)
    case .success(.request(let id, let method, let params)):
      try enqueue(IncomingMessage(id: id, method: method, params: params))
    case .success(.notification(let method, let params)):
      try enqueue(IncomingMessage(id: nil, method: method, params: params))
    }
  }

  /// An answer: to the oldest request not answered yet (answers come in the order of the
  /// requests), else a fault.
  private func take(_ response: RPCResponse, answering id: JSONValue) throws(PluginFault) {
    guard let index = pending.firstIndex(where: { $0.response == nil }),
      id == .int(pending[index].id)
    else {
      let expected = pending.first { $0.response == nil }?.id
      throw stop(because: .wrongID(expected: expected, got: id.serialized))
    }
    pending[index].response = response
  }

  /// A message of the plugin's own, for the host, within the flood budget and the queue's bound.
  private func enqueue(_ message: IncomingMessage) throws(PluginFault) {
    try spendBudget()
    guard incomingCount < limits.maxQueued else {
      throw stop(because: .flooded(limit: limits.maxQueued, perSecond: false))
    }
    if queueHead > 64, queueHead * 2 > queue.count {
      queue.removeFirst(queueHead)
      queueHead = 0
    }
    queue.append(message)
  }

  /// Takes one message from the flood budget: `maxPerSecond` at once, refilled at that rate.
  private func spendBudget() throws(PluginFault) {
    let now = MonotonicClock.now()
    let rate = Double(limits.maxPerSecond)
    tokens = min(rate, tokens + Double(now &- refilledAt) * rate / 1e9)
    refilledAt = now
    guard tokens >= 1 else {
      throw stop(because: .flooded(limit: limits.maxPerSecond, perSecond: true))
    }
    tokens -= 1
  }

  /// Reads stderr and hands each line to the handler; `final`: the child is gone, so what is left
  /// after the last newline is a line too.
  func drainStderr(final: Bool) {
    guard process.stderr >= 0 else { return }
    for _ in 0..<Self.readsPerRound {
      let fill = errors.fill(from: process.stderr)
      forwardStderrLines()
      switch fill {
      case .read: continue
      case .wouldBlock:
        if final { flushStderr() }
        return
      case .endOfFile, .failed:
        flushStderr()
        process.closeStderr()
        return
      }
    }
  }

  private func forwardStderrLines() {
    while true {
      switch errors.next() {
      case .none: return
      case .item(let range): forwardStderr(range)
      case .tooLong: forwardStderr(errors.takeLimit())
      }
    }
  }

  private func flushStderr() {
    if let rest = errors.takeRest() { forwardStderr(rest) }
  }

  private func forwardStderr(_ range: Range<Int>) {
    var line = errors.withBytes(range) { String(decoding: $0, as: UTF8.self) }
    if line.hasSuffix("\r") { line.removeLast() }
    stderrHandler(line)
  }
}
