import Foundation
import Testing

/// Signals during a script: Ctrl-C stops it with status 130 and a message; a closed pipe ends it
/// quietly.
struct SignalTests {
  /// A child whose stdout and stderr are pipes the test reads as it likes, started with
  /// `posix_spawn` with no signal blocked and every signal at its default action, as a shell would
  /// start it (a child of Foundation's `Process` inherits the test thread's blocked signals).
  final class Child {
    let pid: pid_t
    let out: FileHandle
    let err: FileHandle
    private(set) var status: Int32 = 0

    init(_ arguments: [String]) throws {
      guard let binary = TabShellProcess.binary else {
        throw RobustnessError("no tabshell binary next to the tests")
      }
      var outEnds: [Int32] = [-1, -1]
      var errEnds: [Int32] = [-1, -1]
      guard pipe(&outEnds) == 0, pipe(&errEnds) == 0 else { throw RobustnessError("pipe") }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, outEnds[1], 1)
      posix_spawn_file_actions_adddup2(&actions, errEnds[1], 2)
      for descriptor in outEnds + errEnds {
        posix_spawn_file_actions_addclose(&actions, descriptor)
      }
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var none = sigset_t()
      sigemptyset(&none)
      var all = sigset_t()
      sigfillset(&all)
      posix_spawnattr_setsigmask(&attributes, &none)
      posix_spawnattr_setsigdefault(&attributes, &all)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
      let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      let variables: [String] = ["HOME=/nonexistent", "PATH=/usr/bin:/bin"]
      let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
      defer { for pointer in environment { free(pointer) } }
      var child: pid_t = 0
      let spawned = posix_spawn(&child, binary, &actions, &attributes, argv, environment)
      close(outEnds[1])
      close(errEnds[1])
      out = FileHandle(fileDescriptor: outEnds[0], closeOnDealloc: true)
      err = FileHandle(fileDescriptor: errEnds[0], closeOnDealloc: true)
      guard spawned == 0 else { throw RobustnessError("posix_spawn: \(spawned)") }
      pid = child
    }

    /// Waits for the process to end, killing it after `timeout` seconds; `false` when it had to.
    func wait(timeout: Double) -> Bool {
      let deadline = Date().addingTimeInterval(timeout)
      while true {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          self.status = status
          return true
        }
        if Date() > deadline {
          kill(pid, SIGKILL)
          waitpid(pid, &status, 0)
          self.status = status
          return false
        }
        usleep(2_000)
      }
    }

    /// The signal that ended the process, if one did.
    var signal: Int32? { status & 0x7f == 0 ? nil : status & 0x7f }
    /// The exit status, when it exited.
    var exitStatus: Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
  }

  @Test func ctrlCStopsAScriptWithStatus130() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The first command fails at once (no tabs yet): its error tells the test that the script runs.
    var script = "echo before\ntab 1\nadd-tab text\n"
    script += String(repeating: "swipe left\nswipe right\n", count: 1_500_000)
    try script.write(toFile: directory + "/long.tabsh", atomically: true, encoding: .utf8)
    let child = try Child(["--keep-going", directory + "/long.tabsh"])
    var errors = Data()
    while !String(decoding: errors, as: UTF8.self).contains("error:") {
      let chunk = child.err.availableData
      if chunk.isEmpty { break }
      errors.append(chunk)
    }
    kill(child.pid, SIGINT)
    nonisolated(unsafe) var output = Data()
    let group = DispatchGroup()
    let handle = child.out
    DispatchQueue.global().async(group: group) { output = handle.readDataToEndOfFile() }
    errors.append(child.err.readDataToEndOfFile())
    #expect(child.wait(timeout: 20), "Ctrl-C did not stop the script")
    group.wait()
    let stdout = String(decoding: output, as: UTF8.self)
    let stderr = String(decoding: errors, as: UTF8.self)
    #expect(child.signal == nil)
    #expect(child.exitStatus == 130)
    #expect(stderr.hasSuffix("error: interrupted\n"), "\(stderr)")
    #expect(stdout == "before\n")
  }

  @Test func aClosedPipeEndsQuietly() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = "add-tab text\n" + String(repeating: "tabs\n", count: 100_000)
    try script.write(toFile: directory + "/many.tabsh", atomically: true, encoding: .utf8)
    let child = try Child([directory + "/many.tabsh"])
    let first = child.out.availableData
    try child.out.close()
    let stderr = String(decoding: child.err.readDataToEndOfFile(), as: UTF8.self)
    #expect(child.wait(timeout: 20), "a closed pipe left the process hanging")
    #expect(!first.isEmpty)
    #expect(stderr.isEmpty, "\(stderr)")
    // Ended by SIGPIPE, as `cat` is, or by a quiet exit: never another signal or a crash report.
    #expect(child.signal == SIGPIPE || child.exitStatus.map { $0 <= 1 } == true, "\(child.status)")
  }
}
