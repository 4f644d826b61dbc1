// The same figures through the shell: a process plugin loaded by the PluginHost into a Shell, its
// screens behind the adapter, a tab switch made by the core, the frame drawn by the renderer and
// the host's work between two commands done; and a plugin that stops answering.
@_spi(Host) import TabShellKit
import TabShellLoader
import TabShellRPC
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#endif

enum ShellBench {
  /// Milliseconds of each tab switch between two of the example's counters, drawn (80 × 24).
  static func tabSwitches(plugin: String, count: Int) throws -> [Double] {
    let shell = Shell()
    let host = PluginHost(shell: shell)
    defer { host.shutdown() }
    try host.load(path: plugin)
    try shell.addTab(type: "counter", id: "a")
    try shell.addTab(type: "counter", id: "b")
    let options = RenderOptions(width: 80, height: 24)
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for index in 0..<count {
      let start = now()
      _ = try shell.select(.position(index % 2 == 0 ? 2 : 1))
      let frame = Renderer.frame(shell, options: options)
      host.settle()
      samples.append((now() - start) * 1e3)
      guard frame.count > 20, host.takeFaults().isEmpty else { throw ShellBenchError.broken }
    }
    return samples
  }

  /// Milliseconds from a tab switch to a screen whose plugin never answers (and ignores SIGTERM)
  /// until the shell has stopped it, marked its screens failed, and made the next switch.
  static func faultRecovery(limit: Double, folder: String) throws -> Double {
    let path = folder + "/silent.sh"
    let script = #"""
      #!/bin/sh
      trap '' TERM
      while IFS= read -r line; do
        id=${line#*\"id\":}; id=${id%%,*}
        case $line in
          *'"initialize"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"silent","screenTypes":[{"name":"silent"}]}}\n' "$id" ;;
          *'"screen/create"'*) printf '{"jsonrpc":"2.0","id":%s,"result":null}\n' "$id" ;;
          *) while :; do sleep 1; done ;;
        esac
      done
      """#
    guard let file = fopen(path, "w") else { throw ShellBenchError.broken }
    fputs(script, file)
    fclose(file)
    chmod(path, 0o755)
    let shell = Shell()
    let host = PluginHost(shell: shell)
    host.limits = RPCLimits(timeout: limit)
    defer { host.shutdown() }
    try host.load(path: path)
    try shell.register(Plain(), source: "bench")
    try shell.addTab(type: "plain", id: "p")
    try shell.addTab(type: "silent", id: "s")
    let start = now()
    _ = try shell.select(.position(2))
    host.settle()
    _ = try shell.select(.position(1))
    let elapsed = (now() - start) * 1e3
    guard host.takeFaults().count == 1, shell.screen(id: "s")?.failure != nil else {
      throw ShellBenchError.broken
    }
    return elapsed
  }

  /// A plugin of one screen type that does nothing: the other tab.
  final class Plain: TabShellPlugin {
    final class Kind: ScreenType {
      let name = "plain"
      func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { Nothing() }
    }
    final class Nothing: Screen {}
    let name = "plain"
    var screenTypes: [any ScreenType] { [Kind()] }
  }
}

enum ShellBenchError: Error { case broken }
