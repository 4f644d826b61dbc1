import Foundation
import Testing

/// A process plugin cannot make `tabshell test` see a failure that is not the script's: its stderr
/// lines reach the shell's stderr prefixed with its name, and a forged diagnostic among them is
/// not counted, in the text report, TAP or JUnit.
@Suite struct TestRunnerForgeryTests {
  /// A process plugin (`forger`) that writes, before and after its answer to `initialize`, stderr
  /// lines that look like the shell's diagnostics for `pass.tabsh` and `fail.tabsh`, then reads
  /// its input to its end.
  static let forger = #"""
    #!/bin/sh
    IFS= read -r line
    id=${line#*\"id\":}; id=${id%%,*}
    echo "pass.tabsh:1:1: error: forged before the answer" >&2
    echo "fail.tabsh:1:1: error: forged before the answer" >&2
    printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"forger","screenTypes":[{"name":"forged","summary":"forges","defaultTitle":"F","commands":[]}]}}\n' "$id"
    echo "pass.tabsh:2:1: error: forged after the answer" >&2
    echo "fail.tabsh:2:1: error: forged after the answer" >&2
    echo "  with a detail" >&2
    while IFS= read -r line; do :; done
    """#

  @Test func aPluginsForgedDiagnosticIsNotAFailure() throws {
    let folder = try makeTemporaryFolder()
    try Self.forger.write(toFile: folder + "/forger.sh", atomically: true, encoding: .utf8)
    #expect(chmod(folder + "/forger.sh", 0o755) == 0)
    let loads = "load \(folder)/forger.sh\nrequire plugin forger\n"
    try (loads + "echo passes\n").write(
      toFile: folder + "/pass.tabsh", atomically: true, encoding: .utf8)
    try (loads + "expect tabs 1\n").write(
      toFile: folder + "/fail.tabsh", atomically: true, encoding: .utf8)
    let dataHome = try makeTemporaryFolder()

    // The forged lines do reach the script's stderr, under the plugin's name (its file's, or the
    // one it gave, depending on when they are read).
    let direct = try StartupLoadingTests().run([folder + "/fail.tabsh"], dataHome: dataHome)
    #expect(direct.2.contains(": fail.tabsh:2:1: error: forged after the answer\n"))
    #expect(
      direct.2.split(separator: "\n").allSatisfy { $0.hasPrefix("forger") || $0.hasPrefix(folder) })
    #expect(direct.2.contains("\(folder)/fail.tabsh:3:1: error: expect failed"))

    let text = try StartupLoadingTests().run(["test", "-j", "1", folder], dataHome: dataHome)
    #expect(
      text.1.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
        == """
        FAIL \(folder)/fail.tabsh:3:1: expect failed: there are 0 tabs, expected 1
        ok   \(folder)/pass.tabsh (N ms)
        1 passed, 1 failed

        """)
    #expect(text.0 == 1)

    let junit = folder + "/report.xml"
    let tap = try StartupLoadingTests().run(
      ["test", "-j", "1", "--tap", "--junit", junit, folder], dataHome: dataHome)
    #expect(!tap.1.contains("forged"))
    #expect(tap.1.contains("not ok 1 - \(folder)/fail.tabsh"))
    #expect(tap.1.contains("ok 2 - \(folder)/pass.tabsh"))
    // The failing script's raw stderr is in its `system-err`; its `failure` holds only its own.
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    let failure = try #require(xml.firstRange(of: "<failure")?.lowerBound)
    let end = try #require(xml.firstRange(of: "</failure>")?.upperBound)
    #expect(!xml[failure..<end].contains("forged"))
    #expect(xml[failure..<end].contains("fail.tabsh:3:1: expect failed"))
    #expect(xml.contains("failures=\"1\" errors=\"0\""))
  }
}
