import TabShellJSON
import TabShellPlatform

extension RPCConnection {
  /// Sends several requests in one write, without waiting; returns their ids, in order, for
  /// ``response(to:)`` (every one must be taken). The plugin finds them all waiting when it wakes,
  /// rather than waking once a request; it still answers them one after the other. Each answer's
  /// time limit runs from this write. One whose line would be too long is left out of the write,
  /// and its answer is the error that says so (as ``sendRequest(_:params:timeout:)``'s).
  package func sendRequests(_ requests: [(method: String, params: JSONValue?)])
    throws(PluginFault) -> [Int]
  {
    try checkRunning()
    guard !requests.isEmpty else { return [] }
    outgoing.removeAll(keepingCapacity: true)
    var ids: [Int] = []
    var unsent: [Int: RPCError] = [:]
    ids.reserveCapacity(requests.count)
    for (method, params) in requests {
      let start = outgoing.count
      ids.append(nextID)
      outgoing.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
      JSONWriter.appendInteger(nextID, to: &outgoing)
      appendMethod(method, params: params)
      if outgoing.count - start - 1 > limits.maxLineBytes {
        unsent[nextID] = tooLong(outgoing.count - start - 1)
        outgoing.removeSubrange(start...)
      }
      nextID += 1
    }
    let deadline = MonotonicClock.now() + UInt64(limits.timeout * 1e9)
    if !outgoing.isEmpty { try send(until: deadline) }
    for (id, request) in zip(ids, requests) {
      var pendingRequest = PendingRequest(
        id: id, method: request.method, seconds: limits.timeout, deadline: deadline)
      pendingRequest.response = unsent[id].map(RPCResponse.error)
      pending.append(pendingRequest)
    }
    return ids
  }
}
