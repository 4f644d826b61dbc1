import Foundation

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

  /// Runs `tabshell ARGUMENTS` in `directory` with stdin from /dev/null (or `stdin`), killing it
  /// after `timeout` seconds.
  static func run(
    _ arguments: [String], in directory: String, stdin: Data? = nil,
    environment: [String: String] = [:], timeout: Double = 20
  ) throws -> ProcessResult {
    guard let binary else {
      throw RobustnessError("no tabshell binary next to the tests; build it or set TABSHELL_BINARY")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ["HOME": directory, "PATH": "/usr/bin:/bin"].merging(environment) {
      $1
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
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

/// A failure of the test set-up.
struct RobustnessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
