import Foundation
import TestSupport

/// The built `tabshell` binary, run as a child process with a time limit: what it wrote, its status,
/// and whether a signal ended it.
struct ProcessResult {
  var stdout: String
  var stderr: String
  /// The exit status, or the signal's number when ``signaled``.
  var status: Int32
  /// Whether a signal ended the process.
  var signaled: Bool
  /// Whether the time limit ran out and the process was killed.
  var timedOut: Bool
}

enum TabShellProcess {
  /// The `tabshell` binary of this build: `$TABSHELL_BINARY`, else next to the test bundle.
  static var binary: String? {
    if let path = ProcessInfo.processInfo.environment["TABSHELL_BINARY"] { return path }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("tabshell").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  /// A fresh directory for one test's files.
  static func makeDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "tabshell-robustness-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Runs `tabshell ARGUMENTS` in `directory` with stdin from /dev/null (or `stdin`, or the file
  /// `stdinFile`), killing it after `timeout` seconds; `through` a shell command line instead, if
  /// given, which runs the binary as `"$0"`.
  static func run(
    _ arguments: [String], in directory: String, stdin: Data? = nil, stdinFile: String? = nil,
    environment: [String: String] = [:], timeout: Double = 20, through shell: String? = nil
  ) throws -> ProcessResult {
    guard let binary else {
      throw RobustnessError("no tabshell binary next to the tests; build it or set TABSHELL_BINARY")
    }
    let process = Process()
    if let shell {
      // `sh -c SHELL tabshell ARGUMENTS`: SHELL names the binary "$0" (as in `yes | "$0"`).
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", shell, binary] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
    }
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ["HOME": directory, "PATH": "/usr/bin:/bin"].merging(environment) {
      $1
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput =
      if let stdinFile {
        try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinFile))
      } else {
        stdin == nil ? FileHandle.nullDevice : input
      }
    try process.run()
    if let stdin {
      input.fileHandleForWriting.write(stdin)
      try input.fileHandleForWriting.close()
    }
    // Read both pipes while the child runs, so that a full pipe never blocks it.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      outData = out.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      errData = err.fileHandleForReading.readDataToEndOfFile()
    }
    let deadline = Date().addingTimeInterval(timeout)
    var timedOut = false
    while process.isRunning {
      if Date() > deadline {
        timedOut = true
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(2_000)
    }
    process.waitUntilExit()
    group.wait()
    return ProcessResult(
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut)
  }
}

/// A child whose stdout and stderr are pipes the test reads as it likes, started with
/// `posix_spawn` with no signal blocked and every signal at its default action, as a shell would
/// start it (a child of Foundation's `Process` inherits the test thread's blocked signals).
final class SpawnedProcess {
  let pid: pid_t
  let out: FileHandle
  let err: FileHandle
  private(set) var status: Int32 = 0

  init(_ arguments: [String], executable: String? = nil) throws {
    guard let binary = executable ?? TabShellProcess.binary else {
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
    let spawned = spawnAsAShellWould(
      binary, arguments,
      environment: ["HOME=/nonexistent", "PATH=/usr/bin:/bin", "SWIFT_BACKTRACE=enable=no"],
      actions: &actions)
    close(outEnds[1])
    close(errEnds[1])
    out = FileHandle(fileDescriptor: outEnds[0], closeOnDealloc: true)
    err = FileHandle(fileDescriptor: errEnds[0], closeOnDealloc: true)
    pid = try spawned.get()
  }

  /// Reads stderr until it holds `text` (or ends); returns what it read.
  func readErrors(until text: String) -> Data {
    var errors = Data()
    while !String(decoding: errors, as: UTF8.self).contains(text) {
      let chunk = err.availableData
      if chunk.isEmpty { break }
      errors.append(chunk)
    }
    return errors
  }

  /// Reads stdout and stderr to their ends (both at once, so that a full pipe never blocks the
  /// child), then waits for the child; `false` for `ended` when it had to be killed.
  func finish(timeout: Double = 20) -> (output: Data, errors: Data, ended: Bool) {
    nonisolated(unsafe) var output = Data()
    let group = DispatchGroup()
    let handle = out
    DispatchQueue.global().async(group: group) { output = handle.readDataToEndOfFile() }
    let errors = err.readDataToEndOfFile()
    let ended = wait(timeout: timeout)
    group.wait()
    return (output, errors, ended)
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

/// A failure of the test set-up.
struct RobustnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
