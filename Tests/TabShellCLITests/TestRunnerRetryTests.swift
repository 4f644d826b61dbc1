import Foundation
import Testing

/// `tabshell test --retries N` and `--shard K/N` (docs/Contract.md, "The test runner"): a
/// failing script runs again and, passing then, is reported flaky in every report; a shard runs
/// every Nth script of the run's order from the Kth.
@Suite struct TestRunnerRetryTests {
  /// A script that fails on its first try and passes on the next: the first leaves a mark.
  static let flaky = """
    add-tab terminal --id t -- sh -c 'if [ -e mark ]; then echo again; else touch mark; echo first; fi; sleep 9'
    wait-for --timeout 1 again

    """

  let runner = TestRunnerTests()

  @Test func aScriptThatPassesOnARetryIsFlakyInTheLinesTAPAndJUnit() throws {
    try runner.withScripts([
      "a.tabsh": Self.flaky, "b.tabsh": "expect tabs 1\n", "c.tabsh": "echo fine\n",
    ]) { folder in
      let result = try runner.test(["--retries", "2", "-j", "1"], in: folder)
      #expect(
        result.stdout == """
          ok   a.tabsh (N ms) flaky: passed on try 2
               try 1: a.tabsh:2:1: wait-for timed out after 1 s: screen 't' does not show 'again'; its text:
          FAIL b.tabsh:1:1: expect failed: there are 0 tabs, expected 1
          ok   c.tabsh (N ms)
          2 passed, 1 failed, 1 flaky

          """)
      #expect(result.status == 1)
      try FileManager.default.removeItem(atPath: folder + "/mark")
      let tap = try runner.test(["--retries", "1", "--tap", "--junit", "r.xml"], in: folder)
      #expect(
        tap.stdout.contains("\nok 1 - a.tabsh # flaky: passed on try 2\nnot ok 2 - b.tabsh\n"))
      #expect(tap.stdout.hasSuffix("# 2 passed, 1 failed, 1 flaky\n"))
      let xml = try String(contentsOfFile: folder + "/r.xml", encoding: .utf8)
      #expect(
        xml.contains(
          "<flakyFailure message=\"a.tabsh:2:1: wait-for timed out after 1 s: screen 't' does not "
            + "show 'again'; its text:\" type=\"failure\">"))
      #expect(xml.contains("<failure message=\"b.tabsh:1:1: expect failed"))
    }
  }

  @Test func withoutRetriesAFlakyScriptFailsAndAFailingOneFailsEveryTry() throws {
    let failing = """
      add-tab terminal --id t -- sh -c 'echo tried >> tries; echo done; sleep 9'
      wait-for done
      exit 1

      """
    try runner.withScripts(["a.tabsh": Self.flaky, "b.tabsh": failing]) {
      folder in
      let result = try runner.test([], in: folder)
      #expect(result.stdout.hasPrefix("FAIL a.tabsh:2:1: wait-for timed out after 1 s"))
      #expect(result.stdout.hasSuffix("0 passed, 2 failed\n"))
      _ = try runner.test(["--retries", "3", "b.tabsh"], in: folder)
      // Once without --retries, then four times: the first try and three retries.
      #expect(
        try String(contentsOfFile: folder + "/tries", encoding: .utf8)
          == String(repeating: "tried\n", count: 5))
    }
  }

  @Test func shardsSplitTheScriptsEvenlyTheSameWayEachTime() throws {
    let names = (1...7).map { "s\($0).tabsh" }
    try runner.withScripts(Dictionary(uniqueKeysWithValues: names.map { ($0, "echo x\n") })) {
      folder in
      var seen: [String] = []
      for k in 1...3 {
        let result = try runner.test(["--shard", "\(k)/3"], in: folder)
        let ran = result.stdout.split(separator: "\n").dropLast().map {
          String($0.dropFirst(5).prefix(8))
        }
        #expect(ran == stride(from: k - 1, to: 7, by: 3).map { names[$0] })
        seen += ran
      }
      #expect(seen.sorted() == names)
    }
  }

  @Test(arguments: ["0/3", "4/3", "1/0", "x", "1/", "-1/2"])
  func aShardThatIsNotKOfNIsAUsageError(word: String) throws {
    try runner.withScripts(["a.tabsh": "echo a\n"]) { folder in
      let result = try runner.test(["--shard", word], in: folder)
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "error: --shard takes K/N, the Kth of N parts with 1 <= K <= N, not '\(word)'\n")
      #expect(result.stdout == "")
    }
  }
}
