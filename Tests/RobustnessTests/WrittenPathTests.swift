import Foundation
import Testing

/// Every file the shell writes by a path a user gave (`trace --to`, `expect frame` with
/// `--update-snapshots`, `--junit`; `--record` in Tests/repl) follows one rule (docs/Contract.md,
/// "Files the shell writes"): a regular file or nothing yet. A FIFO is refused at once instead of
/// waiting for a reader (the run hung, deaf to Ctrl-C), and a symbolic link is neither written
/// through nor replaced; either way the path is left as it was and the error names it.
struct WrittenPathTests {
  /// What the path names before the run.
  enum Kind: String, Sendable {
    case fifo
    case symbolicLink = "symbolic link"
  }

  struct Case: CustomStringConvertible, Sendable {
    var command: String
    var kind: Kind
    var arguments: [String]
    var message: String
    var status: Int32 = 1
    var description: String { "\(command) to a \(kind.rawValue)" }
  }

  static let fifoReason = "not a regular file (a FIFO, a device or a socket)"
  static let linkReason = "it is a symbolic link (the shell writes no file through a link)"

  static let cases: [Case] = [
    Case(
      command: "trace --to", kind: .fifo, arguments: ["-c", "trace json --to out; echo after"],
      message: "-c:1:1: error: cannot write 'out': \(fifoReason)\n"),
    Case(
      command: "trace --to", kind: .symbolicLink,
      arguments: ["-c", "trace json --to out; echo after"],
      message: "-c:1:1: error: cannot write 'out': \(linkReason)\n"),
    Case(
      command: "expect frame", kind: .fifo,
      arguments: ["--update-snapshots", "-c", "expect frame out"],
      message: "-c:1:1: error: cannot write 'out': \(fifoReason)\n"),
    Case(
      command: "expect frame", kind: .symbolicLink,
      arguments: ["--update-snapshots", "-c", "expect frame out"],
      message: "-c:1:1: error: cannot write 'out': \(linkReason)\n"),
    Case(
      command: "test --junit", kind: .fifo, arguments: ["test", "--junit", "out", "tests"],
      message: "error: --junit: cannot write 'out': \(fifoReason)\n", status: 2),
    Case(
      command: "test --junit", kind: .symbolicLink, arguments: ["test", "--junit", "out", "tests"],
      message: "error: --junit: cannot write 'out': \(linkReason)\n", status: 2),
  ]

  @Test(arguments: cases)
  func aPathThatIsNotARegularFileIsRefusedAndLeftAsItWas(_ test: Case) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/out"
    let target = directory + "/target"
    try FileManager.default.createDirectory(
      atPath: directory + "/tests", withIntermediateDirectories: true)
    try "echo a test\n".write(
      toFile: directory + "/tests/a.tabsh", atomically: true, encoding: .utf8)
    switch test.kind {
    case .fifo:
      #expect(mkfifo(path, 0o644) == 0)
    case .symbolicLink:
      try "the target\n".write(toFile: target, atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "target")
    }

    let result = try TabShellProcess.run(test.arguments, in: directory, timeout: 10)

    #expect(!result.timedOut, "it waited for a reader")
    #expect(result.stderr == test.message)
    #expect(result.status == test.status)
    #expect(!result.stdout.contains("after"))
    var info = stat()
    #expect(lstat(path, &info) == 0)
    switch test.kind {
    case .fifo:
      #expect(info.st_mode & S_IFMT == S_IFIFO)
    case .symbolicLink:
      #expect(info.st_mode & S_IFMT == S_IFLNK)
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "the target\n")
    }
  }

  @Test func aRegularFileIsStillWrittenAndANewOneMade() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "old\n".write(toFile: directory + "/trace.log", atomically: true, encoding: .utf8)
    let result = try TabShellProcess.run(
      [
        "--update-snapshots", "-c",
        "trace json --to trace.log; add-tab text --id a; expect frame new/frame.txt",
      ], in: directory, timeout: 10)
    #expect(result.status == 0, "\(result.stderr)")
    let trace = try String(contentsOfFile: directory + "/trace.log", encoding: .utf8)
    #expect(trace.hasPrefix("old\n{"))
    #expect(FileManager.default.fileExists(atPath: directory + "/new/frame.txt"))
  }
}
