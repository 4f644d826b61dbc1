import Foundation
import Testing

/// Nothing printed is lost: a write error is a failure that is said; SIGTERM and SIGHUP write out
/// what stdout holds before they end the process.
struct OutputTests {
  @Test func aFullDiskIsAFailureThatIsSaid() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try TabShellProcess.run(
      ["-c", "echo hi"], in: directory, through: "\"$0\" \"$@\" > /dev/full")
    #expect(!result.timedOut && !result.signaled)
    #expect(result.status == 1)
    #expect(result.stderr == "error: cannot write the output: No space left on device\n")
  }

  @Test func aFailedScriptKeepsItsStatus() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try TabShellProcess.run(
      ["-c", "echo hi; exit 3"], in: directory, through: "\"$0\" \"$@\" > /dev/full")
    #expect(result.status == 3)
    #expect(result.stderr == "error: cannot write the output: No space left on device\n")
  }

  /// The child's CPU time so far, in clock ticks (`/proc/PID/stat`: utime + stime).
  static func cpuTicks(_ pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// `echo after` runs just after an error (which writes stdout out first) and stays in stdout's
  /// buffer while a long loop runs; the signal comes once the child has used CPU time since the
  /// error (so `echo after` has run, however busy the machine), and must not lose it. The loop's
  /// 800,000 swipes take the child about a second of CPU time, many times the 30 ms it waits for.
  @Test(arguments: [SIGTERM, SIGHUP])
  func aTerminatingSignalWritesOutWhatStdoutHolds(signal: Int32) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var script = "echo before\ntab 1\necho after\nadd-tab text\n"
    script += String(repeating: "swipe left\nswipe right\n", count: 400_000)
    try script.write(toFile: directory + "/long.tabsh", atomically: true, encoding: .utf8)
    let child = try SpawnedProcess(["--keep-going", directory + "/long.tabsh"])
    var errors = child.readErrors(until: "error:")
    let start = Self.cpuTicks(child.pid) ?? 0
    while let now = Self.cpuTicks(child.pid), now < start + 3 { usleep(1_000) }
    kill(child.pid, signal)
    let rest = child.finish()
    errors.append(rest.errors)
    #expect(rest.ended)
    #expect(child.signal == signal)
    #expect(String(decoding: rest.output, as: UTF8.self) == "before\nafter\n")
    #expect(
      String(decoding: errors, as: UTF8.self)
        == directory + "/long.tabsh:2:1: error: there are no tabs\n")
  }
}
