// Input to a process plugin's screen that takes input (protocol version 2): the Python example's
// `list`. Round trips of `screen/input` a second, one at a time and pipelined in bursts; and a key
// to its frame through the shell (the adapter's input, the host's work, the renderer's frame).
import TabShellJSON
@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellRPC
import TabShellRendering

enum InputBench {
  /// The keys sent, in turn: the selection goes down and up again, so every one is handled.
  static let keys: [JSONValue] = [
    ["kind": "key", "key": "Down"], ["kind": "key", "key": "Up"],
  ]

  /// `screen/input` round trips a second, each awaited before the next is sent: the best of five
  /// rounds of `count`.
  static func roundTrips(_ client: PluginClient, screen: String, count: Int) throws -> Double {
    var best = 0.0
    for _ in 0..<5 {
      let start = now()
      for index in 0..<count {
        guard try client.input(screen: screen, keys[index & 1]) else {
          throw InputBenchError.notHandled
        }
      }
      best = max(best, Double(count) / (now() - start))
    }
    return best
  }

  /// `screen/input` round trips a second, pipelined in bursts of `burst` (every request of a
  /// burst written before its first answer is read, as a burst of keys or a typed string is
  /// sent): the best of five rounds of `count`.
  static func pipelined(_ client: PluginClient, screen: String, count: Int, burst: Int) throws
    -> Double
  {
    let inputs = (0..<burst).map { (screen: screen, input: keys[$0 & 1]) }
    var best = 0.0
    for _ in 0..<5 {
      let start = now()
      for _ in 0..<(count / burst) {
        for answer in try client.inputs(inputs) {
          guard case .success(true) = answer else { throw InputBenchError.notHandled }
        }
      }
      best = max(best, Double(count / burst * burst) / (now() - start))
    }
    return best
  }

  /// Milliseconds from a key sent to the visible `list` screen (`Shell.send(.input)`) to its
  /// frame drawn (80 × 24), with the host's work after it done; the key must be handled and the
  /// screen must ask to be drawn again.
  static func keyToFrame(plugin: String, count: Int) throws -> [Double] {
    let shell = Shell()
    let host = PluginHost(shell: shell)
    defer { host.shutdown() }
    try host.load(path: plugin)
    try shell.addTab(type: "list", id: "l")
    let options = RenderOptions(width: 80, height: 24)
    _ = Renderer.frame(shell, options: options)
    let inputs: [ScreenInput] = [.key(Key(.down)), .key(Key(.up))]
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for index in 0..<count {
      let start = now()
      guard case .input(handled: true) = try shell.send(.input(inputs[index & 1], to: nil)) else {
        throw InputBenchError.notHandled
      }
      host.settle()
      guard host.takeNeedsDisplay() else { throw InputBenchError.notRedrawn }
      let frame = Renderer.frame(shell, options: options)
      samples.append((now() - start) * 1e3)
      guard frame.count > 20, host.takeFaults().isEmpty else { throw InputBenchError.broken }
    }
    return samples
  }
}

enum InputBenchError: Error { case notHandled, notRedrawn, broken }
