import Foundation
import Testing

/// A plugin that traps takes the process with it (it runs in the process), but the process says
/// whose code it was, keeps the output already made, and ends at once: Swift's backtracer does not
/// wait for a key, even on a terminal.
@Suite struct CrashingPluginTests {
  static let environment = ["HOME=/nonexistent", "PATH=/usr/bin:/bin", "TERM=dumb"]

  /// The signal a Swift trap raises here: `ud2` is SIGILL on x86-64, `brk` SIGTRAP on arm64.
  #if arch(x86_64)
    static let trapSignal = SIGILL
  #else
    static let trapSignal = SIGTRAP
  #endif

  @Test func theOutputIsKeptAndThePluginNamed() throws {
    let path = try freshCopy(of: TestPlugins.get().trap)
    let run = try SpawnedRun(
      ["-c", "echo before; load '\(path)'; echo after"],
      environment: Self.environment + ["SWIFT_BACKTRACE=enable=no"], terminal: false)
    #expect(!run.timedOut)
    #expect(run.signal == Self.trapSignal, "\(run.status)")
    #expect(run.output == "before\n")
    #expect(
      run.errors.contains(
        "error: plugin '\(path)' crashed (\(Self.trapSignal == SIGILL ? "SIGILL" : "SIGTRAP"))"),
      "\(run.errors)")
  }

  /// On a terminal, with SWIFT_BACKTRACE unset: the backtrace is printed without asking for a key.
  @Test func onATerminalTheBacktracerDoesNotWaitForAKey() throws {
    let path = try freshCopy(of: TestPlugins.get().trap)
    let prompt = "Press space to interact"
    let run = try SpawnedRun(
      ["-c", "echo before; load '\(path)'"], environment: Self.environment, terminal: true,
      answer: (prompt, "q"))
    #expect(!run.timedOut)
    #expect(!run.output.contains(prompt), "the backtracer waited for a key")
    #expect(run.signal == Self.trapSignal, "\(run.status)")
    #expect(run.output.hasPrefix("before\r\n"), "\(run.output.prefix(200))")
    #expect(
      run.output.contains(
        "error: plugin '\(path)' crashed (\(Self.trapSignal == SIGILL ? "SIGILL" : "SIGTRAP"))"))
  }
}

/// A plugin that never returns cannot be stopped in the process, but SIGTERM and SIGHUP still end
/// the REPL within a second (status 128 + the signal), its output written and its terminal restored.
@Suite struct HangingPluginTests {
  @Test(arguments: [SIGTERM, SIGHUP])
  func aTerminatingSignalEndsTheREPLWithinASecond(signal: Int32) throws {
    let path = try freshCopy(of: TestPlugins.get().hang)
    let run = try SpawnedRun(
      ["--norc", "--plugin", path],
      environment: ["HOME=\(try makeTemporaryFolder())", "PATH=/usr/bin:/bin", "TERM=xterm"],
      terminal: true,
      timeout: 30, answer: ("tabshell:", "echo before; add-tab hang; tab hang\r"),
      thenSignal: (afterSeconds: 1, signal: signal))
    #expect(!run.timedOut, "the shell kept spinning")
    #expect(run.exitStatus == 128 + signal, "\(run.status)")
    // The end of a line: what `echo` printed, not the line typed (`before;`), which holds it too.
    #expect(run.output.contains("before\r\n"), "\(run.output.debugDescription)")
    // A second and scheduling: well under five on a busy machine; without the deadline, never.
    #expect((run.endedAfterSignal ?? 99) < 5, "\(String(describing: run.endedAfterSignal))")
  }
}
