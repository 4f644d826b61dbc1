import TabShellJSON
import TabShellPlatform

extension RPCConnection {
  /// Sends several requests in one write, without waiting; returns their ids, in order, for
  /// ``response(to:)`` (every one must be taken). The plugin finds them all waiting when it wakes,
  /// rather than waking once a request; it still answers them one after the other. Each answer's
  /// time limit runs from this write.
  package func sendRequests(_ requests: [(method: String, params: JSONValue?)])
    throws(PluginFault) -> [Int]
  {
    try checkRunning()
    guard !requests.isEmpty else { return [] }
    outgoing.removeAll(keepingCapacity: true)
    var ids: [Int] = []
    ids.reserveCapacity(requests.count)
    for (method, params) in requests {
      ids.append(nextID)
      outgoing.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
      JSONWriter.appendInteger(nextID, to: &outgoing)
      nextID += 1
      appendMethod(method, params: params)
    }
    let deadline = MonotonicClock.now() + UInt64(limits.timeout * 1e9)
    try send(until: deadline)
    for (id, request) in zip(ids, requests) {
      pending.append(
        PendingRequest(
          id: id, method: request.method, seconds: limits.timeout, deadline: deadline))
    }
    return ids
  }
}
