import TabShellLanguage

/// One script's result, as the reports need it.
struct TestResult {
  var script: TestScript
  package var run: ChildRun
  var verdict: TestVerdict
  /// The verdicts of the tries that failed before the last (`--retries`), first first.
  var failedTries: [TestVerdict] = []

  /// Whether it passed after failing (`--retries`): flaky.
  var isFlaky: Bool { verdict.kind == .passed && !failedTries.isEmpty }

  /// `flaky: passed on try N`, for a flaky script.
  var flakyNote: String { "flaky: passed on try \(failedTries.count + 1)" }
}

/// The totals of a run, for the closing line.
struct TestTotals: Equatable {
  var passed = 0
  var failed = 0
  var timedOut = 0
  var syntaxErrors = 0
  /// Passed after failing (counted in ``passed`` too).
  var flaky = 0

  mutating func add(_ result: TestResult) {
    if result.isFlaky { flaky += 1 }
    switch result.verdict.kind {
    case .passed: passed += 1
    case .failed, .broken, .notRun: failed += 1
    case .syntaxError:
      failed += 1
      syntaxErrors += 1
    case .timedOut: timedOut += 1
    }
  }

  /// `N passed, N failed` (`, N timed out` when any did, `, N flaky` when any was).
  var closingLine: String {
    "\(passed) passed, \(failed) failed" + (timedOut > 0 ? ", \(timedOut) timed out" : "")
      + (flaky > 0 ? ", \(flaky) flaky" : "")
  }

  /// 0 when every script passed, 2 when one had syntax errors, else 1.
  var status: Int32 { syntaxErrors > 0 ? 2 : failed + timedOut == 0 ? 0 : 1 }
}

/// The usual report: one line per script (`ok   PATH (N ms)` or `FAIL PATH:LINE:COL: MESSAGE`,
/// with the failure's further lines, and every further failure, indented under it).
enum TextReport {
  static func lines(_ result: TestResult) -> [String] {
    guard result.verdict.kind != .passed else {
      let line = "ok   \(result.script.path) (\(result.run.milliseconds) ms)"
      guard result.isFlaky else { return [line] }
      // The first failure of each try that failed, under it.
      return [line + " " + result.flakyNote]
        + result.failedTries.enumerated().map { number, verdict in
          let first = verdict.failures.first.map { "\($0.place): \($0.message)" }
          return "     try \(number + 1): " + (first ?? verdict.kind.type)
        }
    }
    let failures = result.verdict.failures.flatMap(\.lines)
    guard let first = failures.first else { return ["FAIL \(result.script.path)"] }
    return ["FAIL " + first] + failures.dropFirst().map { "     " + $0 }
  }
}

/// TAP version 13 (testanything.org): the plan, then `ok N - PATH` or `not ok N - PATH` with a
/// YAML block saying what failed and where; the totals as a comment at the end.
enum TAPReport {
  static func header(count: Int) -> [String] { ["TAP version 13", "1..\(count)"] }

  static func lines(_ result: TestResult, number: Int) -> [String] {
    let description = escaped(result.script.path)
    guard result.verdict.kind != .passed else {
      return ["ok \(number) - \(description)" + (result.isFlaky ? " # " + result.flakyNote : "")]
    }
    var lines = ["not ok \(number) - \(description)", "  ---"]
    let failures = result.verdict.failures
    let message = failures.flatMap(\.lines).joined(separator: "\n")
    lines.append("  message: " + quoted(message.isEmpty ? "failed" : message))
    if let first = failures.first { lines.append("  at: " + quoted(first.place)) }
    // As JUnit says it: an error (the script did not run to its end) or a failure.
    let kind = result.verdict.kind
    lines.append("  severity: " + (kind.isError ? "error" : "fail"))
    lines.append("  type: " + quoted(kind.type))
    lines.append("  duration_ms: \(result.run.milliseconds)")
    lines.append("  ...")
    return lines
  }

  static func footer(_ totals: TestTotals) -> [String] { ["# " + totals.closingLine] }

  /// A description without what TAP reads specially: `#` starts a directive, a line ends the test
  /// line.
  private static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
      switch character {
      case "#": escaped += "\\#"
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// A YAML double-quoted string (JSON's escapes are YAML's).
  static func quoted(_ text: String) -> String { JSONText.string(text) }
}
