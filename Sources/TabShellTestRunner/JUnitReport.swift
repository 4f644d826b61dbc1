import TabShellHost
import TabShellLanguage
import TabShellPlatform

/// A JUnit XML report, as GitLab, Jenkins and GitHub's test reporters read it, valid for the
/// junit-10 schema (Jenkins' xunit plugin's `junit-10.xsd`, which pytest's default `xunit2` family
/// writes; the published file, unchanged, is Tests/schemas/junit-10.xsd): one `testsuite`, one
/// `testcase` per script (its path as `name`, its folder as `classname`, its time; the schema has
/// no `file`, `line` nor `assertions`, so the place is in the message), with a `failure` (an expect or a command failed, or its
/// output is not the expected one) or an `error` (a syntax error, a timeout, a crash, a file that
/// cannot be run) whose `message` is the first failure with its place and whose text is every
/// failure, and the script's stdout and stderr.
enum JUnitReport {
  /// How much of a script's output goes into the report.
  static let outputLimit = 64 << 10

  /// Why the report cannot be written at `path`, found before any script runs; `nil` when it can
  /// (the folders on its way that are missing are made when it is written).
  static func unwritable(_ path: String) -> String? {
    if path.isEmpty { return "needs a file name" }
    if FileStatus.of(path)?.isDirectory == true { return "'\(path)' is a folder" }
    // The nearest folder on its way that exists must take a new entry.
    var folder = Interpreter.directory(of: path)
    while !folder.isEmpty, folder != "/", FileStatus.of(folder) == nil,
      SystemError.current == .noSuchFile
    {
      folder = Interpreter.directory(of: folder)
    }
    if folder.isEmpty { folder = "." }
    if let status = FileStatus.of(folder), !status.isDirectory {
      return "'\(folder)' is not a folder"
    }
    if !FileStatus.isWritable(folder) { return "cannot write in '\(folder)'" }
    do throws(OutputFile.Failure) {
      try OutputFile.check(path)
    } catch {
      return "cannot write '\(path)': \(error)"
    }
    return nil
  }

  static func xml(_ results: [TestResult], milliseconds: Int, timestamp: String) -> String {
    let errors = results.filter { $0.verdict.kind.isError }.count
    let failures = results.filter { $0.verdict.kind == .failed }.count
    let counts =
      "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
      + " time=\"\(seconds(milliseconds))\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"tabshell test\" \(counts)>\n"
    xml += "  <testsuite name=\"tabshell test\" \(counts) skipped=\"0\""
    xml += " timestamp=\"\(timestamp)\">\n"
    for result in results { xml += testcase(result) }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private static func testcase(_ result: TestResult) -> String {
    let script = result.script
    let folder = script.path.lastIndex(of: "/").map { String(script.path[..<$0]) }
    let classname = folder.map { $0.split(separator: "/").joined(separator: ".") } ?? "tabshell"
    var xml = "    <testcase name=\"\(attribute(script.path))\""
    xml += " classname=\"\(attribute(classname.isEmpty ? "tabshell" : classname))\""
    xml += " time=\"\(seconds(result.run.milliseconds))\""
    let kind = result.verdict.kind
    guard kind != .passed else {
      guard result.isFlaky else { return xml + "/>\n" }
      // Each try that failed before it passed: flakyFailure or flakyError, as the schema has them.
      xml += ">\n"
      for verdict in result.failedTries {
        let element = verdict.kind.isError ? "flakyError" : "flakyFailure"
        let message = verdict.failures.first.map { "\($0.place): \($0.message)" } ?? "failed"
        xml += "      <\(element) message=\"\(attribute(message))\" type=\"\(verdict.kind.type)\">"
        xml += text(verdict.failures.flatMap(\.lines).joined(separator: "\n")) + "</\(element)>\n"
      }
      return xml + "    </testcase>\n"
    }
    xml += ">\n"
    let element = kind.isError ? "error" : "failure"
    let failures = result.verdict.failures
    let message = failures.first.map { "\($0.place): \($0.message)" } ?? "failed"
    xml += "      <\(element) message=\"\(attribute(message))\" type=\"\(kind.type)\">"
    xml += text(failures.flatMap(\.lines).joined(separator: "\n")) + "</\(element)>\n"
    for (name, bytes) in [("system-out", result.run.stdout), ("system-err", result.run.stderr)]
    where !bytes.isEmpty {
      let output = String(decoding: bytes.prefix(outputLimit), as: UTF8.self)
      xml += "      <\(name)>\(text(output))</\(name)>\n"
    }
    return xml + "    </testcase>\n"
  }

  /// Seconds with three decimals.
  private static func seconds(_ milliseconds: Int) -> String {
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// Text for element content: `&`, `<`, `>` escaped, and what XML 1.0 cannot hold at all.
  static func text(_ text: String) -> String { escaped(text, inAttribute: false) }

  /// Text for an attribute: also quotes, and blanks that XML would fold (newline, tab, return).
  static func attribute(_ text: String) -> String { escaped(text, inAttribute: true) }

  /// Escapes `text`. Characters XML 1.0 forbids even as references (control characters other than
  /// tab, newline and return; U+FFFE and U+FFFF) are written as `\u{1B}`.
  private static func escaped(_ text: String, inAttribute: Bool) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"" where inAttribute: escaped += "&quot;"
      case "\n" where inAttribute: escaped += "&#10;"
      case "\t" where inAttribute: escaped += "&#9;"
      case "\r": escaped += "&#13;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }

  /// Now, as an ISO 8601 time in UTC (`2024-05-01T12:00:00Z`).
  static func timestamp() -> String {
    let now = WallClock.utcNow()
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(now.year)-\(two(now.month))-\(two(now.day))T"
      + "\(two(now.hour)):\(two(now.minute)):\(two(now.second))Z"
  }
}
