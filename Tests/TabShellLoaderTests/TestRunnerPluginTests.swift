import Foundation
import Testing

/// `tabshell test` runs each script alone: a plugin that one script loads is not loaded in the next.
@Suite struct TestRunnerPluginTests {
  @Test func aPluginLoadedByOneScriptIsNotLoadedInTheNext() throws {
    let folder = try makeTemporaryFolder()
    let plugin = try TestPlugins.get().example
    try "load \(plugin)\nrequire plugin example\nadd-tab counter\nincrement 2\n".write(
      toFile: folder + "/1-loads.tabsh", atomically: true, encoding: .utf8)
    try "require plugin example\nadd-tab counter\n".write(
      toFile: folder + "/2-needs.tabsh", atomically: true, encoding: .utf8)
    let (status, stdout, stderr) = try StartupLoadingTests().run(
      ["test", "-j", "1", folder], dataHome: try makeTemporaryFolder())
    let lines = stdout.replacingOccurrences(
      of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
    #expect(
      lines == """
        ok   \(folder)/1-loads.tabsh (N ms)
        FAIL \(folder)/2-needs.tabsh:1:1: this script needs plugin 'example': load it with --plugin PATH
        1 passed, 1 failed

        """)
    #expect(stderr == "")
    #expect(status == 1)
  }
}

/// Everything a script started ends with it, and a script gets only the plugins it names.
extension TestRunnerPluginTests {
  /// A process plugin that answers `initialize` and starts a process of its own in a session of its
  /// own; then, as `hangs.sh`, sleeps for ever (ignoring SIGTERM and the end of its input), else
  /// reads and answers nothing until its input ends. It writes its pid to `NAME.pid` and its
  /// sleeper's to `NAME.sleeper` beside itself.
  static let sleepyPlugin = #"""
    #!/bin/sh
    here=$(dirname "$0")
    name=$(basename "$0" .sh)
    trap '' TERM
    setsid sleep 100000 < /dev/null > /dev/null 2>&1 &
    echo $! > "$here/$name.sleeper"
    echo $$ > "$here/$name.pid"
    IFS= read -r line
    id=${line#*\"id\":}; id=${id%%,*}
    printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"%s","screenTypes":[{"name":"%s","summary":"sleeps","defaultTitle":"Zz","commands":[]}]}}\n' "$id" "$name" "$name"
    if [ "$name" = hangs ]; then exec sleep 100000; fi
    while IFS= read -r line; do :; done
    """#

  /// Whether process `pid` exists (a zombie counts).
  static func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }

  /// The pid written in `path`.
  static func pid(in path: String) throws -> pid_t {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(text)")
  }

  @Test func whatAScriptStartedEndsWithItWhenItTimesOutOrEnds() throws {
    let folder = try makeTemporaryFolder()
    for name in ["hangs", "ends"] {
      try Self.sleepyPlugin.write(
        toFile: folder + "/\(name).sh", atomically: true, encoding: .utf8)
      #expect(chmod(folder + "/\(name).sh", 0o755) == 0)
    }
    // One waits for ever on a screen the plugin never makes, and is killed; one ends at once,
    // its plugin gone at the end of its input, its plugin's sleeper left. (The timeout leaves
    // time for a loaded machine to start the plugin.)
    try "# args: --plugin-timeout 1000\nload \(folder)/hangs.sh\nadd-tab hangs\n".write(
      toFile: folder + "/hangs.tabsh", atomically: true, encoding: .utf8)
    try "load \(folder)/ends.sh\nrequire plugin ends\n".write(
      toFile: folder + "/ends.tabsh", atomically: true, encoding: .utf8)
    let (status, stdout, stderr) = try StartupLoadingTests().run(
      ["test", "--timeout", "3", folder], dataHome: try makeTemporaryFolder())
    let pids = try ["hangs.pid", "hangs.sleeper", "ends.pid", "ends.sleeper"].map {
      try Self.pid(in: folder + "/" + $0)
    }
    defer { for pid in pids { kill(pid, SIGKILL) } }
    #expect(
      stdout.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
        == """
        ok   \(folder)/ends.tabsh (N ms)
        FAIL \(folder)/hangs.tabsh: timed out after 3 s
        1 passed, 0 failed, 1 timed out

        """)
    #expect(stderr == "")
    #expect(status == 1)
    // Gone, not only killed: the runner, their last parent, has reaped them.
    #expect(pids.filter(Self.exists) == [])
  }

  /// Ctrl-C ends the run, and with it what the scripts started.
  @Test func anInterruptedRunEndsWhatItsScriptsStarted() throws {
    let folder = try makeTemporaryFolder()
    try Self.sleepyPlugin.write(toFile: folder + "/hangs.sh", atomically: true, encoding: .utf8)
    #expect(chmod(folder + "/hangs.sh", 0o755) == 0)
    try "# args: --plugin-timeout 1000\nload \(folder)/hangs.sh\nadd-tab hangs\n".write(
      toFile: folder + "/hangs.tabsh", atomically: true, encoding: .utf8)
    // Through `env --default-signal`: a SIGINT ignored when tabshell starts (in a background job
    // of a non-interactive shell, as the tests may be) stays ignored.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "--default-signal=INT", try StartupLoadingTests().binary, "test", "--timeout", "100", folder,
    ]
    process.environment = ["HOME": "/proc/nonexistent", "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let started = Date()
    // The plugin writes its pid, then its sleeper's: both, however slow the machine is.
    while access(folder + "/hangs.pid", F_OK) != 0 || access(folder + "/hangs.sleeper", F_OK) != 0,
      Date().timeIntervalSince(started) < 60
    {
      usleep(20_000)
    }
    usleep(200_000)  // the plugin has answered; the script waits on it
    process.interrupt()
    process.waitUntilExit()
    let pids = try ["hangs.pid", "hangs.sleeper"].map { try Self.pid(in: folder + "/" + $0) }
    defer { for pid in pids { kill(pid, SIGKILL) } }
    #expect(process.terminationStatus == 130)
    #expect(pids.filter(Self.exists) == [])
  }

  /// The user's plugin folder is not loaded in a test unless asked for (a slow plugin there made
  /// every test slow, and a test passed or failed by what was installed); `--summary` adds up the
  /// expects of every script.
  @Test func aScriptGetsNoPluginFromTheUsersFolderUnlessAsked() throws {
    let dataHome = try makeTemporaryFolder()
    let plugins = dataHome + "/tabshell/plugins"
    try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: TestPlugins.get().example, toPath: plugins + "/example.so")
    let folder = try makeTemporaryFolder()
    try "expect tabs 0\nrequire plugin example\nexpect tabs 0\n".write(
      toFile: folder + "/needs.tabsh", atomically: true, encoding: .utf8)
    let hermetic = try StartupLoadingTests().run(["test", "--summary", folder], dataHome: dataHome)
    #expect(
      hermetic.1.replacingOccurrences(
        of: #"\(\d+ ms\)"#, with: "(N ms)", options: .regularExpression)
          == """
          FAIL \(folder)/needs.tabsh:2:1: this script needs plugin 'example': load it with --plugin PATH
          0 passed, 1 failed

          """)
    #expect(hermetic.2 == "1 expect passed, 0 failed\n")
    let asked = try StartupLoadingTests().run(
      ["test", "--plugin-folder", "--summary", folder], dataHome: dataHome)
    #expect(asked.0 == 0, "\(asked.1)")
    #expect(asked.2 == "2 expects passed, 0 failed\n")
  }

  /// Nor does the width of the user's terminal reach a test (`COLUMNS`): a script draws 80
  /// columns unless given `--width`, so that its expected output is the same on every machine.
  @Test func aScriptsWidthIsNotTheUsersColumns() throws {
    let dataHome = try makeTemporaryFolder()
    let folder = try makeTemporaryFolder()
    let (_, frame, _) = try StartupLoadingTests().run(
      ["--width", "80", "-c", "layout swipeable; show"], dataHome: dataHome)
    try "layout swipeable\nshow\n".write(
      toFile: folder + "/draws.tabsh", atomically: true, encoding: .utf8)
    try frame.write(toFile: folder + "/draws.stdout", atomically: true, encoding: .utf8)
    let narrow = try StartupLoadingTests().run(
      ["test", folder], dataHome: dataHome, extra: ["COLUMNS": "50"])
    #expect(narrow.0 == 0, "\(narrow.1)")
  }
}
