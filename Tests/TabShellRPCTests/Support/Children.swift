import Foundation
import TabShellRPC
import TestSupport
import Testing

/// Small child programs for the transport's tests, and checks that they are gone for good.
enum Children {
  /// `/bin/sh -c SCRIPT` as a JSON-RPC child.
  static func shell(
    _ script: String, limits: RPCLimits = RPCLimits(), stderr: Lines? = nil
  ) throws -> RPCConnection {
    try RPCConnection(
      executable: "/bin/sh", arguments: ["-c", script], limits: limits,
      stderrHandler: { stderr?.append($0) })
  }

  /// `python3 -c SCRIPT` as a JSON-RPC child (the callers are enabled only when there is one).
  static func python(
    _ script: String, limits: RPCLimits = RPCLimits(), stderr: Lines? = nil
  ) throws -> RPCConnection {
    try RPCConnection(
      executable: python3 ?? "/usr/bin/python3", arguments: ["-c", script], limits: limits,
      stderrHandler: { stderr?.append($0) })
  }

  /// The path of `python3` on `PATH`, if there is one.
  static let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/python3" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The repository's root, found from this file.
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url
  }()

  /// A child that answers every request with `"ok"` (the id cut out of the line as the host
  /// writes it), then exits when its stdin ends.
  static let echo = #"""
    while IFS= read -r line; do
      id=${line#*\"id\":}; id=${id%%,*}
      printf '{"jsonrpc":"2.0","id":%s,"result":"ok"}\n' "$id"
    done
    """#

  /// Processes what the child writes until a fault stops it (or `seconds` pass: then `nil`).
  static func waitForFault(_ connection: RPCConnection, seconds: Double = 10) -> PluginFault? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var fds = connection.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      _ = poll(&fds, nfds_t(fds.count), 100)
      do {
        try connection.processAvailable()
      } catch {
        return error
      }
    }
    return nil
  }

  /// Expects the process to be reaped and its whole process group gone (nothing left running,
  /// nothing left a zombie).
  static func expectGone(_ process: ChildProcess, sourceLocation: SourceLocation = #_sourceLocation)
  {
    #expect(process.isReaped, sourceLocation: sourceLocation)
    var status: Int32 = 0
    #expect(waitpid(process.pid, &status, WNOHANG) == -1, sourceLocation: sourceLocation)
    #expect(errno == ECHILD, "the child is still ours to wait for", sourceLocation: sourceLocation)
    // Members of its group that it started were sent SIGKILL: allow them a moment to die. They
    // are not ours to reap (init does), so a zombie among them is fine.
    let deadline = Date().addingTimeInterval(5)
    while !liveMembers(ofGroup: process.pid).isEmpty, Date() < deadline { usleep(1_000) }
    #expect(
      liveMembers(ofGroup: process.pid) == [], "members of its process group are still running",
      sourceLocation: sourceLocation)
    #expect(
      !FileManager.default.fileExists(atPath: "/proc/\(process.pid)"),
      "/proc/\(process.pid) still exists", sourceLocation: sourceLocation)
  }
}

/// Lines collected from a handler.
final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}
