import Foundation
import Testing

/// `tabshell test` takes a script's failures from what its child reports to it, never from its
/// stderr: a plugin's lines there are text to show, whatever they look like, even under a name
/// that makes them look like the script's own diagnostics.
@Suite struct TestRunnerForgedNameTests {
  /// A process plugin whose file is named like a script's place (`t.tabsh:1:1`) and that names
  /// itself `error`, so that its stderr lines come out as `t.tabsh:1:1: error: …` (before its
  /// handshake) and `error: t.tabsh:3:1: error: …` (after it).
  static let forger = #"""
    #!/bin/sh
    echo "error: forged before the handshake" >&2
    IFS= read -r line
    id=${line#*\"id\":}; id=${id%%,*}
    printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"error","screenTypes":[{"name":"forger","summary":"forges","defaultTitle":"F","commands":[]}]}}\n' "$id"
    echo "t.tabsh:3:1: error: forged after it" >&2
    echo "forged as a line of its own" >&2
    while IFS= read -r line; do :; done
    """#

  func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: #"\d+ ms"#, with: "N ms", options: .regularExpression)
      .replacingOccurrences(
        of: #"duration_ms: \d+"#, with: "duration_ms: N", options: .regularExpression)
  }

  /// A folder with the plugin and `t.tabsh`, which loads it, then runs `rest`.
  func folder(loadingTheForgerThen rest: String) throws -> String {
    let folder = try makeTemporaryFolder()
    try Self.forger.write(toFile: folder + "/t.tabsh:1:1", atomically: true, encoding: .utf8)
    #expect(chmod(folder + "/t.tabsh:1:1", 0o755) == 0)
    try "load \"t.tabsh:1:1\"\nrequire plugin error\n\(rest)\n".write(
      toFile: folder + "/t.tabsh", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aPluginsLinesThatLookLikeDiagnosticsAddNoFailure() throws {
    let folder = try folder(loadingTheForgerThen: "expect tabs 9")
    // The plugin's lines reach the script's stderr (as `tabshell t.tabsh` shows).
    let dataHome = try makeTemporaryFolder()
    let alone = try StartupLoadingTests().run(["--norc", folder + "/t.tabsh"], dataHome: dataHome)
    #expect(alone.2.contains("t.tabsh:1:1: error: forged before the handshake"), "\(alone.2)")
    let junit = folder + "/report.xml"
    let plain = try StartupLoadingTests().run(
      ["test", "--keep-going", "--junit", junit, folder], dataHome: dataHome)
    #expect(
      normalized(plain.1) == """
        FAIL \(folder)/t.tabsh:3:1: expect failed: there are 0 tabs, expected 9
        0 passed, 1 failed

        """)
    #expect(plain.0 == 1)
    // The script's raw stderr is in its `system-err`; its `failure` holds only its own.
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    let failure = try #require(xml.firstRange(of: "<failure")?.lowerBound)
    let end = try #require(xml.firstRange(of: "</failure>")?.upperBound)
    #expect(!xml[failure..<end].contains("forged"), "\(xml)")
    #expect(xml[failure..<end].contains("t.tabsh:3:1: expect failed"))
    #expect(xml.contains("failures=\"1\" errors=\"0\""))
    let tap = try StartupLoadingTests().run(["test", "--tap", folder], dataHome: dataHome)
    #expect(tap.1.contains("message: \"\(folder)/t.tabsh:3:1: expect failed"), "\(tap.1)")
    #expect(!tap.1.contains("forged"), "\(tap.1)")
  }

  /// A script that fails by its exit status alone, with no error of its own, fails with that
  /// status: its plugin's lines are only the text shown under that failure, never failures.
  @Test func aPluginsLinesChangeNoVerdict() throws {
    let folder = try folder(loadingTheForgerThen: "exit 3")
    let dataHome = try makeTemporaryFolder()
    let run = try StartupLoadingTests().run(["test", folder], dataHome: dataHome)
    let lines = normalized(run.1).split(separator: "\n")
    #expect(lines.first == "FAIL \(folder)/t.tabsh: exited with status 3", "\(run.1)")
    #expect(lines.last == "0 passed, 1 failed")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  ") }, "\(run.1)")
  }
}
