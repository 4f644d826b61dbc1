import Foundation
import Testing

/// The built `tabshell` binary as a subprocess: what a user or a CI job sees.
struct BinaryTests {
  /// The binary next to the test bundle in the build folder.
  static var binary: String? {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("tabshell").path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs the binary with these arguments and stdin; returns stdout, stderr and the status.
  func run(
    _ arguments: [String], stdin: String = "", directory: String? = nil,
    environment: [String: String] = ["HOME": "/proc/nonexistent", "PATH": "/usr/bin:/bin"]
  ) throws -> (stdout: String, stderr: String, status: Int32) {
    let path = try #require(Self.binary, "the tabshell binary is built next to the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self),
      process.terminationStatus
    )
  }

  @Test func printsHelp() throws {
    let result = try run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("tabshell 0.1.0"))
    #expect(result.stdout.contains("--keep-going"))
    #expect(result.stderr.isEmpty)
  }

  @Test func printsVersion() throws {
    let result = try run(["--version"])
    #expect(result == ("tabshell 0.1.0\n", "", 0))
  }

  @Test func runsCommandsGivenWithC() throws {
    let result = try run(["-c", "layout swipeable; swipe left; expect selected star; echo ok"])
    #expect(result == ("ok\n", "", 0))
  }

  @Test func runsAFileWithArguments() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabshell-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "add-tab text --id $1\necho added $1 and $2\nexpect tabs 2\n".write(
      to: directory.appendingPathComponent("script.tabsh"), atomically: true, encoding: .utf8)
    let result = try run(["script.tabsh", "first", "second"], directory: directory.path)
    #expect(result.stdout == "added first and second\n")
    #expect(result.stderr == "script.tabsh:3:1: error: expect failed: there is 1 tab, expected 2\n")
    #expect(result.status == 1)
  }

  @Test func readsAScriptFromStdin() throws {
    let result = try run([], stdin: "add-tab text\necho one; tab 1\nexit 7\necho never\n")
    #expect(result == ("one\n", "", 7))
  }

  @Test func exitsWithTwoOnASyntaxErrorAndRunsNothing() throws {
    let result = try run([], stdin: "echo never\nswip left\n")
    #expect(
      result == ("", "<stdin>:2:1: error: unknown command 'swip'; did you mean 'swipe'?\n", 2))
  }

  @Test func exitsWithTwoOnAUsageError() throws {
    let result = try run(["--frobnicate"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: unknown option '--frobnicate'"))
  }

  @Test func exitsWithOneOnAFailure() throws {
    let result = try run(["-c", "echo before; pop; echo after"])
    #expect(result == ("before\n", "-c:1:14: error: there are no tabs\n", 1))
  }
}
