import Foundation
import Testing

/// The bench's two Python references (`Benchmarks/reference_cmd.py`, `reference_loop.py`) follow
/// TabShell's rules: on the same seeded navigation script they end on the tab TabShell ends on,
/// as `scripts/bench` checks before it prints their figures.
@Suite struct BenchReferenceTests {
  static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
    .split(separator: ":").map { "\($0)/python3" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// `count` commands over `tabs` tabs, as the bench's mix: `tab N` (some out of range), `swipe
  /// left` and `swipe right`; the same for a seed.
  static func navigation(count: Int, tabs: Int, seed: UInt64) -> String {
    var state = seed
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var lines = Array(repeating: "add-tab text\n", count: tabs)
    for _ in 0..<count {
      switch next() % 4 {
      case 0, 1: lines.append("tab \(Int(next() % UInt64(tabs + 2)))\n")
      case 2: lines.append("swipe left\n")
      default: lines.append("swipe right\n")
      }
    }
    return lines.joined()
  }

  @Test(
    .enabled(if: python != nil, "python3 is not on PATH: the bench's references need it"),
    arguments: [(3, UInt64(6)), (5, 7), (1, 8)])
  func theReferencesEndWhereTabShellEnds(tabs: Int, seed: UInt64) throws {
    let folder = NSTemporaryDirectory() + "tabshell-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = Self.navigation(count: 2_000, tabs: tabs, seed: seed)
    try script.write(toFile: folder + "/nav.tabsh", atomically: true, encoding: .utf8)
    try
      (script.replacingOccurrences(of: "tab 0\n", with: "").replacingOccurrences(
        of: "tab \(tabs + 1)\n", with: "") + "state --json\n").write(
        toFile: folder + "/state.tabsh", atomically: true, encoding: .utf8)
    let run = runInProcess(["state.tabsh"], directory: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let state = try #require(run.stdout.split(separator: "\n").last)
    let json = try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any]
    let selected = try #require(json?["selected"] as? Int)
    for reference in ["reference_cmd.py", "reference_loop.py"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: try #require(Self.python))
      process.arguments = [
        Self.root + "/Benchmarks/" + reference, folder + "/nav.tabsh", "--print-selected",
      ]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let printed = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(reference)")
      #expect(printed == "\(selected)\n", "\(reference) ends elsewhere than TabShell")
    }
  }
}
