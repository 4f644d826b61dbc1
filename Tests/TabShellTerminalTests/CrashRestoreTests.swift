import Foundation
import TabShellTerminal
import Testing

/// A process that enters the full-screen mode and then crashes, is killed or exits gives the
/// terminal back: the leave sequence is the last thing it writes and the attributes are as before.
@Suite(.serialized) struct CrashRestoreTests {
  /// The helper, next to this test bundle.
  static var helper: String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("tabshell-terminal-crasher").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory.deleteLastPathComponent()
    }
    return nil
  }

  static let endings: [(String, Int32?, Int32)] = [
    ("trap", nil, SIGILL), ("segv", nil, SIGSEGV), ("abort", nil, SIGABRT),
    ("wait", SIGTERM, SIGTERM), ("wait", SIGHUP, SIGHUP), ("exit", nil, 3),
  ]

  @Test(arguments: endings)
  func theTerminalComesBack(how: String, signal: Int32?, expected: Int32) throws {
    let helper = try #require(Self.helper, "tabshell-terminal-crasher is not built")
    let terminal = try PseudoTerminal()
    let before = terminal.attributes
    let process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = [how]
    let handle = FileHandle(fileDescriptor: terminal.slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    // No backtrace for the crashes: it takes time and says nothing here.
    process.environment = ProcessInfo.processInfo.environment.merging([
      "SWIFT_BACKTRACE": "enable=no"
    ]) { $1 }
    try process.run()
    let ready = Array("READY".utf8)
    var output = terminal.readOutput(until: ready)
    #expect(output.starts(with: TerminalMode().enterSequence + ready))
    if let signal { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    output += terminal.readOutput()
    let expectedReason: Process.TerminationReason = how == "exit" ? .exit : .uncaughtSignal
    #expect(process.terminationReason == expectedReason)
    if how == "trap" {
      // A failed check is SIGILL on x86-64 and SIGTRAP on arm64.
      #expect([SIGILL, SIGTRAP].contains(process.terminationStatus))
    } else {
      #expect(process.terminationStatus == expected)
    }
    let leave = TerminalMode().leaveSequence
    let tail = Array(output.suffix(leave.count))
    #expect(tail == leave, "\(String(decoding: output, as: UTF8.self).debugDescription)")
    #expect(sameSettings(terminal.attributes, before))
  }
}
