import Foundation
import Testing

/// Endless or huge input stops early, with an error that says where, having read no more than the
/// limits (a line of 4 MiB, a script of 64 MiB): nothing grows without end. The time limit only
/// catches a hang; each of these takes a fraction of a second.
struct EndlessInputTests {
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var arguments: [String] = []
    var stdinFile: String?
    var shell: String?
    var message: String
  }

  static let cases: [Case] = [
    Case(
      description: "NUL bytes without end on stdin", stdinFile: "/dev/zero",
      message: "error: cannot read '<stdin>': a NUL byte at line 1, column 1\n"),
    // `timeout` ends the pipeline even if tabshell never stopped (the test's own time limit would
    // only end the shell, leaving the writer and tabshell running).
    Case(
      description: "short lines without end on stdin", shell: "yes | timeout -s KILL 30 \"$0\"",
      message: "error: cannot read '<stdin>': a script may hold at most 64 MiB\n"),
    Case(
      description: "one line without end on stdin",
      shell: "yes | tr -d '\\n' | timeout -s KILL 30 \"$0\"",
      message: "error: cannot read '<stdin>': line 1 is longer than 4 MiB\n"),
    Case(
      description: "a sparse 2 GB script", arguments: ["sparse.tabsh"],
      message: "error: cannot read 'sparse.tabsh': a script may hold at most 64 MiB\n"),
    Case(
      description: "a sparse 2 GB script on stdin", stdinFile: "sparse.tabsh",
      message: "error: cannot read '<stdin>': a NUL byte at line 1, column 1\n"),
    Case(
      description: "a 5 MiB line", arguments: ["long.tabsh"],
      message: "error: cannot read 'long.tabsh': line 2 is longer than 4 MiB\n"),
  ]

  @Test(arguments: cases)
  func stopsEarly(_ test: Case) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let sparse = directory + "/sparse.tabsh"
    #expect(FileManager.default.createFile(atPath: sparse, contents: nil))
    #expect(truncate(sparse, 2 << 30) == 0)
    let long = "echo a\necho " + String(repeating: "y", count: 5 << 20) + "\n"
    try long.write(toFile: directory + "/long.tabsh", atomically: false, encoding: .utf8)
    let stdin = test.stdinFile.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 }
    let result = try TabShellProcess.run(
      test.arguments, in: directory, stdinFile: stdin, timeout: 60, through: test.shell)
    #expect(!result.timedOut, "\(test) did not stop")
    #expect(!result.signaled)
    #expect(result.status == 2)
    #expect(result.stderr == test.message)
    #expect(result.stdout.isEmpty)
  }
}
