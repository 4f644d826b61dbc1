import TabShellLanguage
import TabShellPlatform
import TabShellRendering

/// One failure of a script, as its report shows it: where (`PATH:LINE:COL`, paths as the runner
/// shows them), what, and the lines that explain it (a frame's difference).
struct TestFailure: Equatable {
  var place: String
  var line: Int?
  var message: String
  var details: [String] = []

  /// `PLACE: MESSAGE`, then the details.
  var lines: [String] { ["\(place): \(message)"] + details }
}

/// What a script's run means.
struct TestVerdict: Equatable {
  enum Kind: Equatable {
    case passed, failed, timedOut
    /// Its syntax errors were reported and nothing of it ran.
    case syntaxError
    /// It crashed (a signal ended it).
    case broken
    /// It could not be started: its file cannot be run (its name is not UTF-8, its path is too
    /// long), or no process could be made.
    case notRun

    /// Whether JUnit calls it an `error` (the script did not run to its end: a syntax error, a
    /// timeout, a crash, a file that cannot be run) rather than a `failure` (it ran, and a command,
    /// an expect or its output was wrong); TAP's `severity` says the same (`error` or `fail`).
    var isError: Bool {
      switch self {
      case .syntaxError, .timedOut, .broken, .notRun: true
      case .passed, .failed: false
      }
    }

    /// Whether `--retries` runs a script that ended so again: it failed, timed out or crashed
    /// (a syntax error, or a file that cannot be run, would end the same way).
    var isRetried: Bool { self == .failed || self == .timedOut || self == .broken }

    /// What went wrong, in a word or two: JUnit's `type`, TAP's `type`.
    var type: String {
      switch self {
      case .syntaxError: "syntax error"
      case .timedOut: "timeout"
      case .broken: "crash"
      case .notRun: "not run"
      case .failed, .passed: "failure"
      }
    }
  }

  var kind: Kind
  var failures: [TestFailure] = []

  /// Judges a run: by the expected output files beside the script when it has any, else by its
  /// exit status and what it reported.
  static func judge(_ script: TestScript, _ run: ChildRun, timeout: Double) -> TestVerdict {
    let errors = String(decoding: run.stderr, as: UTF8.self)
    let reported = failures(from: run, of: script)
    switch run.ending {
    case .notStarted(let message):
      return TestVerdict(
        kind: .notRun, failures: [TestFailure(place: script.path, message: message)])
    case .timedOut:
      let message = "timed out after \(seconds(timeout)) s"
      return TestVerdict(
        kind: .timedOut, failures: [TestFailure(place: script.path, message: message)] + reported)
    case .signaled(let signal):
      let message = "killed by signal \(signal)"
      return TestVerdict(
        kind: .broken, failures: reported + [TestFailure(place: script.path, message: message)])
    case .exited(let status):
      if let expected = ExpectedOutput(script) {
        let differences = expected.differences(run, status: status, errors: reported, of: script)
        return TestVerdict(kind: differences.isEmpty ? .passed : .failed, failures: differences)
      }
      if status == 0 { return TestVerdict(kind: .passed) }
      if run.report?.syntaxError == true {
        return TestVerdict(kind: .syntaxError, failures: reported)
      }
      let fallback = TestFailure(
        place: script.path, message: "exited with status \(status)",
        details: errors.split(separator: "\n").prefix(3).map { "  " + Checks.shown($0) })
      return TestVerdict(kind: .failed, failures: reported.isEmpty ? [fallback] : reported)
    }
  }

  /// The failures a script's child reported through the memory it shares with the runner (never
  /// read from its stderr, where a plugin's lines could pass for them), each with the indented
  /// lines of its message as details; a relative file is shown from where the runner runs.
  static func failures(from run: ChildRun, of script: TestScript) -> [TestFailure] {
    let folder = script.path.lastIndex(of: "/").map { String(script.path[...$0]) } ?? ""
    var failures = run.errors.map { error in
      let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
      let message = Checks.shown(lines.first ?? "")
      let details = lines.dropFirst().filter { !$0.isEmpty }.map { Checks.shown($0) }
      guard let file = error.file else {
        return TestFailure(place: script.path, message: message, details: details)
      }
      let shownFile = file.hasPrefix("/") ? Checks.shown(file) : folder + Checks.shown(file)
      return TestFailure(
        place: "\(shownFile):\(error.line):\(error.column)", line: error.line, message: message,
        details: details)
    }
    if run.errorsLeftOut {
      failures.append(
        TestFailure(
          place: script.path, message: "more errors than the runner keeps (the first are shown)"))
    }
    return failures
  }

  /// Seconds without a needless `.0`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
  }
}

/// The files beside a script that say what its run must give: `NAME.stdout`, `NAME.stderr` and
/// `NAME.status` (the exit status; 0 when there is none).
struct ExpectedOutput {
  var stdout: String?
  var stderr: String?
  var exitStatus: String?

  /// The expected output of `script`, `nil` when it has no such file.
  init?(_ script: TestScript) {
    stdout = try? Interpreter.readText(script.sibling(".stdout"), name: script.sibling(".stdout"))
    stderr = try? Interpreter.readText(script.sibling(".stderr"), name: script.sibling(".stderr"))
    exitStatus = try? Interpreter.readText(
      script.sibling(".status"), name: script.sibling(".status"))
    if stdout == nil, stderr == nil, exitStatus == nil { return nil }
  }

  /// Whether `script` has expected output files (without reading them).
  static func exists(for script: TestScript) -> Bool {
    [".stdout", ".stderr", ".status"].contains { FileStatus.of(script.sibling($0)) != nil }
  }

  /// How the run differs from what is expected; none when it is what is expected.
  func differences(_ run: ChildRun, status: Int32, errors: [TestFailure], of script: TestScript)
    -> [TestFailure]
  {
    var differences: [TestFailure] = []
    for (name, expected, actual) in [
      ("stdout", stdout, run.stdout), ("stderr", stderr, run.stderr),
    ] {
      guard let expected else { continue }
      let text = String(decoding: actual, as: UTF8.self)
      if let difference = LineDifference.describe(
        expected: LineDifference.lines(expected), actual: LineDifference.lines(text))
      {
        let lines = difference.split(separator: "\n").map(String.init)
        differences.append(
          TestFailure(
            place: script.path,
            message: "\(name) differs from '\(script.sibling("." + name))' "
              + lines[0], details: Array(lines.dropFirst())))
      }
    }
    let expectedStatus = exitStatus.flatMap { Int32($0.trimmingBlanks) } ?? 0
    if status != expectedStatus {
      differences.append(
        TestFailure(
          place: script.path, message: "exit status \(status), expected \(expectedStatus)",
          details: errors.flatMap(\.lines).map { "  " + $0 }))
    }
    return differences
  }
}

extension String {
  /// Without blanks and newlines at either end.
  fileprivate var trimmingBlanks: Substring {
    let blanks: Set<Character> = [" ", "\t", "\n", "\r"]
    var text = self[...]
    while let first = text.first, blanks.contains(first) { text.removeFirst() }
    while let last = text.last, blanks.contains(last) { text.removeLast() }
    return text
  }
}
