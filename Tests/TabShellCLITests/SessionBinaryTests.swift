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

    /// A process plugin in the runtime folder that writes its pid into `plugin.txt` (in its
    /// working folder), answers as a plugin must, and ignores SIGHUP, SIGTERM and the end of its
    /// input (after which it waits for good); its path.
    func stubbornPlugin() throws -> String {
      let plugin = runtime + "/stubborn.sh"
      try #"""
      #!/bin/sh
      trap '' HUP TERM
      echo $$ > plugin.tmp; mv plugin.tmp plugin.txt
      while IFS= read -r line; do
        case $line in *'"id":'*) ;; *) continue ;; esac
        id=${line#*\"id\":}; id=${id%%,*}
        case $line in
          *'"initialize"'*) result='{"protocolVersion":1,"name":"stubborn","screenTypes":[{"name":"stubborn"}]}' ;;
          *'"screen/draw"'*) result='{"lines":["stubborn"]}' ;;
          *) result=null ;;
        esac
        printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$result"
      done
      while :; do sleep 1; done

      """#.write(toFile: plugin, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugin)
      return plugin
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

  /// A shell that SIGKILL ends takes its process plugins with it (PR_SET_PDEATHSIG), even one
  /// that ignores the end of its input: it ran on for good.
  @Test func aShellKilledTakesItsProcessPluginsWithIt() throws {
    let sandbox = try Sandbox()
    let plugin = try sandbox.stubbornPlugin()
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: try #require(BinaryTests.binary))
    shell.arguments = ["-c", "load \(plugin); add-tab stubborn; sleep 30"]
    shell.environment = sandbox.environment
    shell.currentDirectoryURL = URL(fileURLWithPath: sandbox.runtime)
    shell.standardOutput = FileHandle.nullDevice
    try shell.run()
    defer { if shell.isRunning { ProcessControl.signal(shell.processIdentifier, Signal.kill) } }
    var seen: String?
    for _ in 0..<500 where seen == nil {
      MonotonicClock.sleep(milliseconds: 10)
      seen = try? String(contentsOfFile: sandbox.runtime + "/plugin.txt", encoding: .utf8)
    }
    let told = try #require(seen)
    let pluginProcess = try #require(Int32(told.dropLast()))
    ProcessControl.signal(shell.processIdentifier, Signal.kill)
    #expect(sandbox.ended(pluginProcess), "the process plugin outlived the shell")
    if CurrentProcess.exists(pluginProcess) { ProcessControl.signal(pluginProcess, Signal.kill) }
    shell.waitUntilExit()
  }

  /// SIGKILL ends `tabshell test` with nothing of its own run after it: the scripts are killed
  /// with it (PR_SET_PDEATHSIG), and with them the programs and process plugins they started, even
  /// ones that ignore SIGHUP, SIGTERM and the end of their input; a process the runner forked at
  /// its start removes the scripts' runtime folder. Before, the script ran on past its timeout,
  /// the plugin for good, and the folder stayed.
  @Test func testRunnerKilledLeavesNothing() throws {
    let sandbox = try Sandbox()
    let plugin = try sandbox.stubbornPlugin()
    // `$$$$` is the shell's `$$` (the program's pid) once the script's `$$` is read.
    let script = """
      load \(plugin)
      add-tab stubborn --id p
      add-tab terminal -- /bin/sh -c 'trap "" HUP TERM; echo "$$$$ $XDG_RUNTIME_DIR" > seen.tmp; mv seen.tmp seen.txt; while :; do sleep 1; done'
      sleep 30

      """
    let (folder, runner) = try sandbox.startTestRun(script, as: "stubborn.tabsh")
    defer { if runner.isRunning { ProcessControl.signal(runner.processIdentifier, Signal.kill) } }
    var seen: (String, String)?
    for _ in 0..<500 where seen == nil {
      MonotonicClock.sleep(milliseconds: 10)
      if let program = try? String(contentsOfFile: folder + "/seen.txt", encoding: .utf8),
        let plugin = try? String(contentsOfFile: folder + "/plugin.txt", encoding: .utf8)
      {
        seen = (program, plugin)
      }
    }
    let (programText, pluginText) = try #require(seen)
    let words = programText.split(separator: " ")
    let program = try #require(Int32(words.first ?? ""))
    let pluginProcess = try #require(Int32(pluginText.dropLast()))
    // The script's process is the program's parent; its folder is under the run's.
    let stat = try String(contentsOfFile: "/proc/\(program)/stat", encoding: .utf8)
    let fields = stat[try #require(stat.lastIndex(of: ")"))...].split(separator: " ")
    let child = try #require(Int32(fields[2]))
    let own = words.dropFirst().joined(separator: " ").dropLast()
    let runtime = String(own.prefix(upTo: try #require(own.lastIndex(of: "/"))))
    #expect(runtime.hasPrefix("/tmp/tabshell-test-") && FileStatus.exists(runtime))
    ProcessControl.signal(runner.processIdentifier, Signal.kill)
    // Looked at before waiting for the runner: Foundation's wait for it lasts as long as a
    // process holds what it gave the runner, the script's process included.
    #expect(sandbox.ended(child), "the script's process outlived the runner")
    #expect(sandbox.ended(program), "the terminal tab's program outlived the runner")
    #expect(sandbox.ended(pluginProcess), "the process plugin outlived the runner")
    for _ in 0..<300 where FileStatus.exists(runtime) { MonotonicClock.sleep(milliseconds: 10) }
    #expect(!FileStatus.exists(runtime), "the scripts' runtime folder is left")
    for pid in [child, program, pluginProcess] where CurrentProcess.exists(pid) {
      ProcessControl.signal(pid, Signal.kill)
    }
    runner.waitUntilExit()
    #expect(runner.terminationReason == .uncaughtSignal && runner.terminationStatus == Signal.kill)
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
