// Times process plugins through TabShellRPC: lifecycle round trips a second to the Python example,
// and the latency of a draw and of a drawn tab switch between two of its screens (p50, p99); then
// through the shell (ShellBench): a drawn tab switch between two of its screens, and how long a
// fault takes to be noticed and the shell to be usable again; input to the example's `list`
// (InputBench): `screen/input` round trips a second, one at a time and pipelined, and a key to its
// frame through the shell.
// A program that prints figures with their targets, not a test.
// Usage: RPCBench [--raw] [PLUGIN] [CALLS]   (PLUGIN: plugins/python/example_counter.py, from the
// root). --raw prints `key value` lines for scripts/bench instead.
import TabShellRPC

#if canImport(Glibc)
  import Glibc
#endif

let raw = CommandLine.arguments.contains("--raw")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--raw" }
let plugin = arguments.first ?? "plugins/python/example_counter.py"
let calls = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A number with three significant digits (or a whole number from 100 on).
func shown(_ value: Double) -> String {
  if value >= 100 { return String(Int(value.rounded())) }
  let scale = value >= 10 ? 10.0 : value >= 1 ? 100.0 : 1_000.0
  return String((value * scale).rounded() / scale)
}

/// Prints a figure as scripts/bench does: the ratio is how far it is from its target (≥ 1 meets
/// it). With --raw, `key value` only (the key is the name's first word with the rest initialled).
func figure(
  _ key: String, _ name: String, _ measured: Double, _ unit: String, target: Double, atLeast: Bool
) {
  if raw {
    print("\(key) \(measured)")
    return
  }
  let ratio = atLeast ? measured / target : target / measured
  let sign = atLeast ? "≥" : "<"
  print(
    "  \(name): \(shown(measured)) \(unit) (target \(sign) \(shown(target)) \(unit), ratio "
      + "\(shown(ratio))) \(ratio >= 1 ? "ok" : "MISS")")
}

/// The first three fields of /proc/loadavg: how busy the machine was.
func loadAverage() -> String {
  guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
  let text = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// The `fraction` quantile of some samples.
func quantile(_ samples: [Double], _ fraction: Double) -> Double {
  let sorted = samples.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

enum RPCBenchError: Error { case noDrawing }

do {
  let client = try PluginClient(executable: plugin)
  try client.createScreen(id: "a", type: "counter", title: "A")
  try client.createScreen(id: "b", type: "counter", title: "B")
  for screen in ["a", "b"] { try client.lifecycle(.viewDidLoad, screen: screen) }
  _ = try client.takeHostRequests()

  // Lifecycle round trips: the best of five rounds.
  let cycle: [LifecycleCallback] = [
    .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
  ]
  var best = 0.0
  for _ in 0..<5 {
    let start = now()
    for index in 0..<calls { try client.lifecycle(cycle[index & 3], screen: "a") }
    best = max(best, Double(calls) / (now() - start))
  }
  figure("lifecycle", "lifecycle round trips", best, "/s", target: 20_000, atLeast: true)

  // One draw of 80 × 24; a tab switch from A to B, drawn (docs/Contract.md's lifecycle order, then
  // B's draw), with each call awaited in turn, and pipelined (all five written before the first
  // answer is read).
  var draws: [Double] = []
  var switches: [Double] = []
  var pipelined: [Double] = []
  let samples = max(1_000, calls / 4)
  var (from, to) = ("a", "b")
  for _ in 0..<samples {
    var start = now()
    _ = try client.draw(screen: from, width: 80, height: 24)
    draws.append((now() - start) * 1e3)
    start = now()
    try client.lifecycle(.viewWillAppear, screen: to)
    try client.lifecycle(.viewWillDisappear, screen: from)
    try client.lifecycle(.viewDidDisappear, screen: from)
    try client.lifecycle(.viewDidAppear, screen: to)
    _ = try client.draw(screen: to, width: 80, height: 24)
    switches.append((now() - start) * 1e3)
    (from, to) = (to, from)
    start = now()
    let transition = try client.lifecycle(
      [
        (.viewWillAppear, to), (.viewWillDisappear, from), (.viewDidDisappear, from),
        (.viewDidAppear, to),
      ], thenDraw: (to, 80, 24))
    pipelined.append((now() - start) * 1e3)
    guard case .success = transition.drawing else { throw RPCBenchError.noDrawing }
    (from, to) = (to, from)
  }
  figure("draw-p50", "draw round trip, p50", quantile(draws, 0.5), "ms", target: 1, atLeast: false)
  figure("draw-p99", "draw round trip, p99", quantile(draws, 0.99), "ms", target: 2, atLeast: false)
  figure(
    "switch-p50", "tab switch drawn, p50", quantile(switches, 0.5), "ms", target: 1, atLeast: false)
  figure(
    "switch-p99", "tab switch drawn, p99", quantile(switches, 0.99), "ms", target: 2, atLeast: false
  )
  figure(
    "pipelined-p50", "tab switch drawn, pipelined, p50", quantile(pipelined, 0.5), "ms", target: 1,
    atLeast: false)
  figure(
    "pipelined-p99", "tab switch drawn, pipelined, p99", quantile(pipelined, 0.99), "ms", target: 2,
    atLeast: false)

  // Input (protocol version 2): the example's list, which handles Down and Up.
  try client.createScreen(id: "l", type: "list", title: "L", parameters: ["count": "100"])
  try client.lifecycle(.viewDidLoad, screen: "l")
  figure(
    "input", "input round trips, one at a time",
    try InputBench.roundTrips(client, screen: "l", count: calls), "/s", target: 20_000,
    atLeast: true)
  figure(
    "input-pipelined", "input round trips, pipelined in bursts of 32",
    try InputBench.pipelined(client, screen: "l", count: calls, burst: 32), "/s",
    target: 20_000, atLeast: true)
  client.shutdown()

  // A plugin that never answers and ignores SIGTERM: how long until the waiting call fails and
  // the plugin is gone (reaped), with a time limit of 0.2 s. A call that did not fail with the
  // time limit, or a plugin still there, is no figure: the bench stops.
  var worst = 0.0
  for _ in 0..<5 {
    let silent = try RPCConnection(
      executable: "/bin/sh", arguments: ["-c", "trap '' TERM; while :; do sleep 1; done"],
      limits: RPCLimits(timeout: 0.2))
    let start = now()
    var noticed: PluginFault?
    do throws(PluginFault) {
      _ = try silent.request("screen/draw")
    } catch {
      noticed = error
    }
    let elapsed = (now() - start) * 1e3
    guard case .timedOut = noticed, silent.process.exitStatus() != nil else {
      print("RPCBench: the silent plugin's fault was not noticed: \(String(describing: noticed))")
      exit(1)
    }
    worst = max(worst, elapsed)
  }
  figure(
    "fault", "fault noticed and stopped, limit 0.2 s, worst of 5", worst, "ms", target: 300,
    atLeast: false)

  // Through the shell: the adapter, the core's tab switch, the renderer's frame and the host's
  // work after a command.
  let shellSwitches = try ShellBench.tabSwitches(plugin: plugin, count: samples)
  figure(
    "shell-switch-p50", "shell: tab switch drawn, p50", quantile(shellSwitches, 0.5), "ms",
    target: 1, atLeast: false)
  figure(
    "shell-switch-p99", "shell: tab switch drawn, p99", quantile(shellSwitches, 0.99), "ms",
    target: 2, atLeast: false)
  let keyFrames = try InputBench.keyToFrame(plugin: plugin, count: samples)
  figure(
    "input-frame-p50", "shell: key to frame of a screen that takes input, p50",
    quantile(keyFrames, 0.5), "ms", target: 1, atLeast: false)
  figure(
    "input-frame-p99", "shell: key to frame of a screen that takes input, p99",
    quantile(keyFrames, 0.99), "ms", target: 2, atLeast: false)
  var template = Array("/tmp/tabshell-rpcbench-XXXXXX".utf8CString)
  let folder = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
  }
  if let folder {
    var slowest = 0.0
    for _ in 0..<5 {
      slowest = max(slowest, try ShellBench.faultRecovery(limit: 0.5, folder: folder))
    }
    unlink(folder + "/silent.sh")
    rmdir(folder)
    figure(
      "shell-fault",
      "shell: fault noticed, screens failed, next switch made, limit 0.5 s, worst of 5",
      slowest, "ms", target: 600, atLeast: false)
  }
  if !raw { print("  (load average while measuring: \(loadAverage()))") }
} catch {
  print("RPCBench: \(error)")
  exit(1)
}
