import Foundation
import TestSupport
import Testing

/// Bad input to the built binary: each gets a clear error and status 1 or 2, never a signal or a hang.
struct BadInputTests {
  /// One bad script: its bytes, the other files it needs, how it is run and what must be said.
  struct Case: CustomStringConvertible, Sendable {
    var description: String
    var script: [UInt8]
    var status: Int32
    var message: String
    var arguments: [String] = ["script.tabsh"]
    var fifo = false
  }

  static let garbage: [UInt8] = {
    var generator = SplitMix64(seed: 6)
    var bytes: [UInt8] = []
    for _ in 0..<10_000 {
      for _ in 0..<(1 + Int(generator.next() % 40)) {
        bytes.append(UInt8(33 + generator.next() % 94))
      }
      bytes.append(10)
    }
    return bytes
  }()

  static let cases: [Case] = [
    Case(
      description: "bytes that are not UTF-8",
      script: Array("echo ok\necho ".utf8) + [0xFF, 0xFE, 10],
      status: 2, message: "error: cannot read 'script.tabsh': not UTF-8 text at line 2, column 6"),
    Case(
      description: "a NUL byte", script: Array("echo a".utf8) + [0] + Array("b\n".utf8), status: 2,
      message: "error: cannot read 'script.tabsh': a NUL byte at line 1, column 7"),
    Case(
      description: "a 1 MB unknown word",
      script: Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + [10],
      status: 2, message: "script.tabsh:1:1: error: unknown command"),
    Case(
      description: "10,000 lines of garbage", script: garbage, status: 2,
      message: "script.tabsh:1:1: error:"),
    Case(
      description: "a number past any integer range",
      script: Array("add-tab text\ntab 99999999999999999999999\n".utf8), status: 1,
      message: "error: no tab '99999999999999999999999'"),
    Case(
      description: "source of itself", script: Array("source script.tabsh\n".utf8), status: 1,
      message: "error: source nesting too deep"),
    Case(
      description: "a missing file", script: [], status: 2,
      message: "error: cannot read 'missing.tabsh': no such file", arguments: ["missing.tabsh"]),
    Case(
      description: "a folder", script: [], status: 2,
      message: "error: cannot read 'folder': it is a directory", arguments: ["folder"]),
    Case(
      description: "source of a folder", script: Array("source folder\n".utf8), status: 1,
      message: "script.tabsh:1:1: error: cannot read 'folder': it is a directory"),
    Case(
      description: "source of a missing file", script: Array("source missing.tabsh\n".utf8),
      status: 1, message: "script.tabsh:1:1: error: cannot read 'missing.tabsh': no such file"),
    Case(
      description: "a fifo", script: [], status: 2,
      message: "error: cannot read 'fifo': not a regular file", arguments: ["fifo"], fifo: true),
    Case(
      description: "source of a fifo", script: Array("source fifo\n".utf8), status: 1,
      message: "script.tabsh:1:1: error: cannot read 'fifo': not a regular file", fifo: true),
  ]

  @Test(arguments: cases)
  func badInput(_ test: Case) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(test.script).write(to: URL(fileURLWithPath: directory + "/script.tabsh"))
    try FileManager.default.createDirectory(
      atPath: directory + "/folder", withIntermediateDirectories: false)
    if test.fifo { #expect(mkfifo(directory + "/fifo", 0o600) == 0) }
    let result = try TabShellProcess.run(test.arguments, in: directory, timeout: 20)
    #expect(!result.timedOut, "\(test) hung")
    #expect(!result.signaled, "\(test) ended with signal \(result.status)")
    #expect(result.status == test.status, "\(test): \(result.stderr.prefix(300))")
    #expect(result.stderr.contains(test.message), "\(test): \(result.stderr.prefix(300))")
    #expect(!result.stderr.contains("Crash") && !result.stderr.contains("Fatal error"))
  }

  /// A script on standard input is held to the same rules as a script file, and runs nothing.
  @Test(arguments: [
    (Array("echo ran\necho ".utf8) + [0xFF, 10], "not UTF-8 text at line 2, column 6"),
    (Array("echo ran\necho a".utf8) + [0, 10], "a NUL byte at line 2, column 7"),
  ])
  func badStandardInput(script: [UInt8], reason: String) throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try TabShellProcess.run([], in: directory, stdin: Data(script), timeout: 20)
    #expect(!result.timedOut && !result.signaled)
    #expect(result.status == 2)
    #expect(result.stderr == "error: cannot read '<stdin>': \(reason)\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func megabyteLineRuns() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let word = String(repeating: "y", count: 1 << 20)
    try "echo \(word)\n".write(toFile: directory + "/long.tabsh", atomically: true, encoding: .utf8)
    let result = try TabShellProcess.run(["long.tabsh"], in: directory)
    #expect(result.status == 0 && !result.signaled && !result.timedOut)
    #expect(result.stdout == word + "\n")
    #expect(result.stderr.isEmpty)
  }

  /// A file that is not a script gets the first 100 errors and a last line that says checking
  /// stopped, as a compiler's error limit does: not one line for each of its 10,000 lines.
  @Test func garbageStopsAfterTheErrorLimit() throws {
    let directory = try TabShellProcess.makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(Self.garbage).write(to: URL(fileURLWithPath: directory + "/script.tabsh"))
    let result = try TabShellProcess.run(["--check", "script.tabsh"], in: directory)
    #expect(result.status == 2 && !result.signaled && !result.timedOut)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 101)
    #expect(lines.allSatisfy { $0.hasPrefix("script.tabsh:") && $0.contains(": error: ") })
    #expect(lines.last?.hasSuffix(": error: too many errors (100); stopped checking here") == true)
  }
}
