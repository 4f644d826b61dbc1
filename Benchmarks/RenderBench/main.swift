// Times the renderer: `show`'s whole frame and the REPL's bar line, with many tabs at a wide width.
// A program that prints figures (best of several rounds), not a test.
// Usage: RenderBench [TABS] [WIDTH] [FRAMES]
import BuiltinScreens
@_spi(Host) import TabShellKit
import TabShellRendering

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let tabs = arguments.count > 0 ? arguments[0] : 1_000
let width = arguments.count > 1 ? arguments[1] : 200
let frames = arguments.count > 2 ? arguments[2] : 1_000

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The best time per call, in seconds, over five rounds of `frames` calls.
func best(_ body: () -> Int) -> (seconds: Double, checksum: Int) {
  var bestTime = Double.infinity
  var checksum = 0
  for _ in 0..<5 {
    let start = now()
    for _ in 0..<frames { checksum &+= body() }
    bestTime = min(bestTime, (now() - start) / Double(frames))
  }
  return (bestTime, checksum)
}

let shell = Shell()
do {
  try shell.register(BuiltinPlugin(), source: "built-in")
  for _ in 0..<tabs { try shell.addTab(type: "text") }
  try shell.tap(.position(tabs / 2))
} catch {
  print("error: \(error)")
  exit(1)
}
let options = RenderOptions(width: width, color: .none)
let frame = best { Renderer.frame(shell, options: options).count }
let bar = best { Renderer.barLine(shell, options: options).utf8.count }
print("frame \(frame.seconds) \(frame.checksum)")
print("bar \(bar.seconds) \(bar.checksum)")
