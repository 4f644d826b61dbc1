import Foundation
import TabShellCLI
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
      // Re-recording, on purpose only: review the diff before committing it.
      try result.stdout.write(
        toFile: "\(Self.directory)/\(name).stdout", atomically: true, encoding: .utf8)
      try result.stderr.write(
        toFile: "\(Self.directory)/\(name).stderr", atomically: true, encoding: .utf8)
      try "\(result.status)\n".write(
        toFile: "\(Self.directory)/\(name).status", atomically: true, encoding: .utf8)
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
  environment: [String: String] = ["HOME": "/nonexistent"], stdoutIsTerminal: Bool = false,
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
