import Foundation
import Testing

/// Signals during a script: Ctrl-C stops it with status 130 and a message; a closed pipe ends it
/// quietly.
struct SignalTests {
  @Test func ctrlCStopsAScriptWithStatus130() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The first command fails at once (no tabs yet): its error tells the test that the script runs.
    var script = "echo before\ntab 1\nadd-tab text\n"
    script += String(repeating: "swipe left\nswipe right\n", count: 1_500_000)
    try script.write(toFile: directory + "/long.tabsh", atomically: true, encoding: .utf8)
    let child = try SpawnedProcess(["--keep-going", directory + "/long.tabsh"])
    var errors = child.readErrors(until: "error:")
    kill(child.pid, SIGINT)
    let rest = child.finish()
    #expect(rest.ended, "Ctrl-C did not stop the script")
    errors.append(rest.errors)
    let stdout = String(decoding: rest.output, as: UTF8.self)
    let stderr = String(decoding: errors, as: UTF8.self)
    #expect(child.signal == nil)
    #expect(child.exitStatus == 130)
    #expect(stderr.hasSuffix("error: interrupted\n"), "\(stderr)")
    #expect(stdout == "before\n")
  }

  /// A script waiting (`wait-for`, `sleep`) stops on Ctrl-C, long before its wait is over.
  @Test(arguments: ["wait-for --timeout 600 never", "sleep 600"])
  func ctrlCStopsAWait(_ wait: String) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The first command fails at once (no tabs yet): its error tells the test that the script runs.
    let script = "echo before\ntab 1\nadd-tab text\n\(wait)\necho after\n"
    try script.write(toFile: directory + "/wait.tabsh", atomically: true, encoding: .utf8)
    let child = try SpawnedProcess(["--keep-going", directory + "/wait.tabsh"])
    var errors = child.readErrors(until: "error:")
    usleep(300_000)
    kill(child.pid, SIGINT)
    let rest = child.finish()
    #expect(rest.ended, "Ctrl-C did not stop '\(wait)'")
    errors.append(rest.errors)
    #expect(child.exitStatus == 130)
    #expect(String(decoding: errors, as: UTF8.self).hasSuffix("error: interrupted\n"))
    #expect(String(decoding: rest.output, as: UTF8.self) == "before\n")
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = "add-tab text\n" + String(repeating: "tabs\n", count: 100_000)
    try script.write(toFile: directory + "/many.tabsh", atomically: true, encoding: .utf8)
    let child = try SpawnedProcess([directory + "/many.tabsh"])
    let first = child.out.availableData
    try child.out.close()
    let stderr = String(decoding: child.err.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.wait(timeout: 20), "a closed pipe left the process hanging")
    #expect(!first.isEmpty)
    #expect(stderr.isEmpty, "\(stderr)")
    // Ended by SIGPIPE, as `cat` is (docs/Contract.md: the signal's own status), with nothing on
    // stderr: never an exit, another signal or a crash report.
    #expect(child.signal == SIGPIPE, "\(child.status)")
    #expect(child.exitStatus == nil, "\(child.status)")
  }
}
