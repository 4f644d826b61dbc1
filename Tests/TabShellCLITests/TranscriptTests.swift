import Foundation
import TabShellCommandLine
import TabShellHost
import TestSupport
import Testing

/// Runs every `Tests/Transcripts/NAME.tabsh` through the command line's entry point, in process, and
/// compares stdout, stderr and the exit status with `NAME.stdout`, `NAME.stderr` and `NAME.status`.
///
/// A first line `# args: ...` gives options to put before the script's name. To re-record the expected
/// files on purpose, run with `TABSHELL_RECORD_TRANSCRIPTS=1` and review the diff.
struct TranscriptTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Transcripts").path

  static let names: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
    .filter { $0.hasSuffix(".tabsh") }.map { String($0.dropLast(".tabsh".count)) }.sorted()

  @Test func transcriptsExist() {
    #expect(Self.names.count >= 15)
  }

  @Test(arguments: names)
  func transcript(_ name: String) throws {
    let script = try String(contentsOfFile: "\(Self.directory)/\(name).tabsh", encoding: .utf8)
    var arguments: [String] = []
    if let first = script.split(separator: "\n").first, first.hasPrefix("# args: ") {
      arguments = first.dropFirst("# args: ".count).split(separator: " ").map(String.init)
    }
    let result = runInProcess(arguments + ["\(name).tabsh"], directory: Self.directory)
    if ProcessInfo.processInfo.environment["TABSHELL_RECORD_TRANSCRIPTS"] == "1" {
      try Self.record(result, name: name, in: Self.directory)
      return
    }
    let expectedOut = try String(
      contentsOfFile: "\(Self.directory)/\(name).stdout", encoding: .utf8)
    let expectedErr = try String(
      contentsOfFile: "\(Self.directory)/\(name).stderr", encoding: .utf8)
    let expectedStatus = try String(
      contentsOfFile: "\(Self.directory)/\(name).status", encoding: .utf8)
    #expect(result.stdout == expectedOut, "stdout of \(name)")
    #expect(result.stderr == expectedErr, "stderr of \(name)")
    #expect("\(result.status)" == expectedStatus.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Re-records a transcript's expected files, on purpose only (review the diff before committing
  /// it). Never a pass: what was recorded was not checked.
  static func record(
    _ result: RunResult, name: String, in directory: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try result.stdout.write(
      toFile: "\(directory)/\(name).stdout", atomically: true, encoding: .utf8)
    try result.stderr.write(
      toFile: "\(directory)/\(name).stderr", atomically: true, encoding: .utf8)
    try "\(result.status)\n".write(
      toFile: "\(directory)/\(name).status", atomically: true, encoding: .utf8)
    let what = "transcript \(name) in \(directory)"
    Issue.record(
      "\(RecordRun.message(what, variable: "TABSHELL_RECORD_TRANSCRIPTS"))",
      sourceLocation: sourceLocation)
  }

  /// A record run writes the files and fails (with the variable set in a CI job, every transcript
  /// was rewritten and green).
  @Test func aRecordRunWritesTheFilesAndFails() throws {
    let folder = NSTemporaryDirectory() + "tabshell-transcripts-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try withKnownIssue("a record run fails, saying it recorded") {
      try Self.record(RunResult(stdout: "out\n", stderr: "", status: 3), name: "t", in: folder)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("recorded transcript t in ") }
    }
    #expect(try String(contentsOfFile: folder + "/t.stdout", encoding: .utf8) == "out\n")
    #expect(try String(contentsOfFile: folder + "/t.status", encoding: .utf8) == "3\n")
  }
}

/// What a run of the command line wrote, and its status.
struct RunResult {
  var stdout = ""
  var stderr = ""
  var status: Int32 = -1
}

/// Runs the command line in process with a fixed environment, capturing its output.
func runInProcess(
  _ arguments: [String], directory: String = "/", stdin: String = "",
  environment: [String: String] = ["HOME": "/proc/nonexistent"], stdoutIsTerminal: Bool = false,
  terminalWidth: Int? = nil
) -> RunResult {
  final class Box {
    var result = RunResult()
  }
  let box = Box()
  let context = ProcessContext(
    arguments: arguments, environment: environment, currentDirectory: directory,
    stdoutIsTerminal: stdoutIsTerminal, terminalWidth: terminalWidth, readStandardInput: { stdin },
    writeOutput: { box.result.stdout += $0 },
    writeError: { box.result.stderr += $0 })
  box.result.status = TabShellCommand.main(context)
  return box.result
}
