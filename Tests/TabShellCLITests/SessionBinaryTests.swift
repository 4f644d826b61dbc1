import Foundation
import TabShellPlatform
import TabShellSessions
import Testing

/// Real sessions started with the built binary, each in a private `XDG_RUNTIME_DIR`: starting,
/// `send`, `sessions`, `send --events`, `kill-session`, signals, a stale socket, and nothing left
/// running at the end.
@Suite(.serialized) struct SessionBinaryTests {
  /// A private runtime folder and the sessions started in it; everything is killed at the end.
  final class Sandbox {
    let runtime: String
    private var servers: [Int32] = []

    init() throws {
      runtime = try FileSystem.makeTemporaryFolder(prefix: "/tmp/tabshell-binary-test-")
    }

    deinit {
      for pid in servers where CurrentProcess.exists(pid) {
        ProcessControl.signal(pid, Signal.kill)
      }
      FileSystem.removeTree(runtime)
    }

    var environment: [String: String] {
      ["HOME": "/proc/nonexistent", "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime]
    }

    /// Runs the binary; stdout, stderr and the status.
    func run(_ arguments: [String], stdin: String = "") throws
      -> (stdout: String, stderr: String, status: Int32)
    {
      try BinaryTests().run(arguments, stdin: stdin, environment: environment)
    }

    /// Starts the session `name` (its line client sends nothing and leaves); returns the server's
    /// pid.
    func start(_ name: String) throws -> Int32 {
      let started = try run(["--session", name])
      #expect(started.status == 0, "\(started.stderr)")
      let client = try SessionClient.connect(
        socket: runtime + "/tabshell/" + name, name: name, client: "test")
      defer { client.close() }
      let pid = Int32(client.serverPID)
      servers.append(pid)
      return pid
    }

    /// `tabshell test` started on a folder of the runtime folder that holds `script` as `name`,
    /// with the sandbox's environment (`extra` added), its output thrown away; the folder too.
    func startTestRun(_ script: String, as name: String, extra: [String: String] = [:]) throws
      -> (folder: String, runner: Process)
    {
      let folder = runtime + "/scripts"
      try FileSystem.makeFolder(folder, permissions: 0o700)
      try script.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
      let runner = Process()
      runner.executableURL = URL(fileURLWithPath: try #require(BinaryTests.binary))
      runner.arguments = ["test", folder]
      runner.environment = environment.merging(extra) { $1 }
      runner.standardOutput = FileHandle.nullDevice
      try runner.run()
      return (folder, runner)
    }

    /// Waits up to 3 s for `pid` to be gone.
    func ended(_ pid: Int32) -> Bool {
      for _ in 0..<300 {
        if !CurrentProcess.exists(pid) { return true }
        MonotonicClock.sleep(milliseconds: 10)
      }
      return false
    }
  }

  @Test func startSendListKill() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    #expect(try sandbox.run(["send", "echo hi; tab 2"]) == ("hi\n", "", 0))
    let failed = try sandbox.run(["send", "--session", "work", "tab 99"])
    #expect(failed.status == 1)
    #expect(failed.stderr.hasPrefix("send:1:1: error: "))
    #expect(try sandbox.run(["send", "-"], stdin: "echo 'open").status == 2)
    let listed = try sandbox.run(["sessions"])
    #expect(listed.stdout.hasPrefix("work: 4 tabs, 0 clients attached, up "), "\(listed)")
    #expect(try sandbox.run(["kill-session", "work"]) == ("", "", 0))
    #expect(sandbox.ended(pid))
    #expect(!FileStatus.exists(sandbox.runtime + "/tabshell/work"))
    let after = try sandbox.run(["send", "echo"])
    #expect(after == ("", "error: no session runs ('tabshell --session NAME' starts one)\n", 1))
  }

  @Test func secondStartJoinsTheRunningSession() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    let again = try sandbox.run(["--session", "work"], stdin: "echo joined")
    #expect(again.stdout == "joined\n")
    #expect(again.stderr.contains("warning: session 'work' runs already"))
    let sessions = try sandbox.run(["sessions"]).stdout
    #expect(sessions.split(separator: "\n").count == 1)
    _ = try sandbox.run(["kill-session", "work"])
    #expect(sandbox.ended(pid))
  }

  @Test func eventsStreamUntilTheSessionEnds() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    let path = try #require(BinaryTests.binary)
    let watcher = Process()
    watcher.executableURL = URL(fileURLWithPath: path)
    watcher.arguments = ["send", "--events"]
    watcher.environment = sandbox.environment
    let output = Pipe()
    watcher.standardOutput = output
    try watcher.run()
    // The watcher is connected once the server counts a connection that asked for events.
    MonotonicClock.sleep(milliseconds: 300)
    _ = try sandbox.run(["send", "tab 2"])
    _ = try sandbox.run(["send", "quit"])
    let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    watcher.waitUntilExit()
    #expect(watcher.terminationStatus == 0)
    #expect(lines.contains(#"{"event":"did-select","tab":2,"id":"feed"}"#), "\(lines)")
    #expect(sandbox.ended(pid))
  }

  @Test func killedServerLeavesAStaleSocketTheNextClientCleans() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("gone")
    ProcessControl.signal(pid, Signal.kill)
    #expect(sandbox.ended(pid))
    #expect(FileStatus.exists(sandbox.runtime + "/tabshell/gone"))
    let listed = try sandbox.run(["sessions"])
    #expect(listed == ("", "gone: the server died; its socket was removed\n", 0))
    #expect(!FileStatus.exists(sandbox.runtime + "/tabshell/gone"))
    let pid2 = try sandbox.start("gone2")
    ProcessControl.signal(pid2, Signal.kill)
    #expect(sandbox.ended(pid2))
    let sent = try sandbox.run(["send", "--session", "gone2", "echo"])
    #expect(sent == ("", "error: the server of session 'gone2' died; its socket was removed\n", 1))
  }

  @Test(arguments: [Signal.terminate, Signal.hangUp])
  func signalEndsTheSessionAndRemovesItsSocket(_ signal: Int32) throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    ProcessControl.signal(pid, signal)
    #expect(sandbox.ended(pid))
    #expect(!FileStatus.exists(sandbox.runtime + "/tabshell/work"))
  }

  @Test func stoppedServerIsGivenUpOnWithinASecond() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    ProcessControl.signal(pid, Signal.stop)
    defer { ProcessControl.signal(pid, Signal.continue) }
    let start = MonotonicClock.now()
    let sent = try sandbox.run(["send", "echo"])
    let elapsed = (MonotonicClock.now() - start) / 1_000_000
    #expect(sent == ("", "error: the server of session 'work' did not answer within 1000 ms\n", 1))
    #expect(elapsed < 1900)
  }

  @Test func terminalProgramsFindTheirSession() throws {
    let sandbox = try Sandbox()
    let pid = try sandbox.start("work")
    let path = try #require(BinaryTests.binary)
    let sent = try sandbox.run([
      "send", "add-tab terminal --id t -- /bin/sh -c '\(path) send \"badge t 7\"; sleep 5'",
    ])
    #expect(sent.status == 0, "\(sent.stderr)")
    var badge = ""
    for _ in 0..<200 where badge != "7\n" {
      MonotonicClock.sleep(milliseconds: 20)
      badge =
        try sandbox.run(["send", "state --json"]).stdout.contains(#""badge":"7""#) ? "7\n" : ""
    }
    #expect(badge == "7\n")
    _ = try sandbox.run(["kill-session", "work"])
    #expect(sandbox.ended(pid))
  }

  @Test func testRunnerIsHermetic() throws {
    let sandbox = try Sandbox()
    let script = """
      add-tab terminal -- /bin/sh -c 'echo "[$TABSHELL][$XDG_RUNTIME_DIR]" > seen.txt'
      sleep 0.5

      """
    let (folder, runner) = try sandbox.startTestRun(
      script, as: "env.tabsh", extra: ["TABSHELL": sandbox.runtime + "/x"])
    runner.waitUntilExit()
    #expect(runner.terminationStatus == 0)
    let seen = try String(contentsOfFile: folder + "/seen.txt", encoding: .utf8)
    #expect(seen.hasPrefix("[][/tmp/tabshell-test-"), "\(seen)")
    // The script's runtime folder went with the run.
    let runtime = String(seen.dropFirst("[][".count).dropLast("]\n".count))
    #expect(!FileStatus.exists(runtime))
  }

  /// SIGTERM or SIGHUP stops `tabshell test` as Ctrl-C does: the script and what it started are
  /// killed and the scripts' runtime folder is removed; then the signal ends the runner.
  @Test(arguments: [Signal.terminate, Signal.hangUp])
  func testRunnerStoppedBySignalLeavesNothing(_ signal: Int32) throws {
    let sandbox = try Sandbox()
    // `$$$$` is the shell's `$$` (the program's pid) once the script's `$$` is read.
    let script = """
      add-tab terminal -- /bin/sh -c 'echo "$$$$ $XDG_RUNTIME_DIR" > seen.tmp; mv seen.tmp seen.txt; exec sleep 30'
      sleep 30

      """
    let (folder, runner) = try sandbox.startTestRun(script, as: "long.tabsh")
    defer { if runner.isRunning { ProcessControl.signal(runner.processIdentifier, Signal.kill) } }
    var seen: String?
    for _ in 0..<500 where seen == nil {
      MonotonicClock.sleep(milliseconds: 10)
      seen = try? String(contentsOfFile: folder + "/seen.txt", encoding: .utf8)
    }
    let words = try #require(seen).split(separator: " ")
    let program = try #require(Int32(words.first ?? ""))
    // The script's own folder, under the run's: `/tmp/tabshell-test-XXXXXX/PID`.
    let own = words.dropFirst().joined(separator: " ").dropLast()
    let runtime = String(own.prefix(upTo: try #require(own.lastIndex(of: "/"))))
    #expect(runtime.hasPrefix("/tmp/tabshell-test-") && FileStatus.exists(runtime))
    ProcessControl.signal(runner.processIdentifier, signal)
    runner.waitUntilExit()
    #expect(runner.terminationReason == .uncaughtSignal && runner.terminationStatus == signal)
    #expect(!FileStatus.exists(runtime))
    #expect(sandbox.ended(program))
  }

  /// A bad name is written back with its control characters written out, by the static client's
  /// commands and by the host's `--session`: a name cannot send an escape sequence (here one that
  /// sets the terminal's title) to the terminal the error goes to.
  @Test(arguments: [
    ["attach", "\u{1B}]0;x\u{07}"], ["send", "--session", "\u{1B}]0;x\u{07}", "echo"],
    ["kill-session", "\u{1B}]0;x\u{07}"], ["--session", "\u{1B}]0;x\u{07}"],
    ["attach", "a\u{202E}b"],
  ])
  func aBadNameIsShownNotSent(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.run(arguments)
    #expect(run.status == 2)
    #expect(
      !run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0 == "\u{202E}" },
      "\(run.stderr.debugDescription)")
    let shown = arguments.last == "echo" ? arguments[2] : arguments[arguments.count - 1]
    let written = shown == "a\u{202E}b" ? #"a\u{202E}b"# : #"\u{1B}]0;x\u{7}"#
    #expect(run.stderr.contains("bad session name '\(written)'"), "\(run.stderr)")
  }

  @Test(arguments: ["bad/name", ".hidden", ""])
  func badNameIsAUsageError(_ name: String) throws {
    let sandbox = try Sandbox()
    let run = try sandbox.run(["--session", name])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("error: --session: bad session name"))
  }
}

/// `tabshell` runs the session commands itself and hands the rest to `tabshell-host` beside it.
struct SessionFrontTests {
  @Test func shellCommandLinesRunInTheHost() throws {
    #expect(try BinaryTests().run(["-c", "echo hi"]) == ("hi\n", "", 0))
    let front = try #require(BinaryTests.binary)
    let host = URL(fileURLWithPath: front).deletingLastPathComponent().appendingPathComponent(
      "tabshell-host"
    ).path
    // The host runs the session commands too, with the same words.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: host)
    process.arguments = ["send", "--help"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text == (try BinaryTests().run(["send", "--help"]).stdout))
    #expect(text.hasPrefix("usage: tabshell send"))
  }
}
