import Foundation
import Testing

/// `tabshell --init` writes a starter start-up file that runs as it is, and never overwrites one.
@Suite struct StartupFileTests {
  @Test func initWritesAStarterThatRunsAndRefusesToOverwrite() throws {
    let home = NSTemporaryDirectory() + "tabshell-init-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = ["HOME": home, "XDG_CONFIG_HOME": ""]
    let path = home + "/.config/tabshell/init.tabsh"

    let first = runInProcess(["--init"], environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "wrote \(path): the REPL runs it when it opens\n")
    let starter = try String(contentsOfFile: path, encoding: .utf8)
    #expect(starter.contains("\nset bar compact\n\n"))
    #expect(starter.contains("\nadd-tab terminal --id sh\n"))

    // It runs cleanly as a script, and leaves a shell tab and the compact bar; sourced again,
    // the same.
    let file = home + "/starter.tabsh"
    try starter.write(toFile: file, atomically: true, encoding: .utf8)
    let script = runInProcess([
      "-c",
      "source \(file); expect tabs 1; expect selected sh; source \(file); expect tabs 1; "
        + "state --json; close-tab sh",
    ])
    #expect(script.status == 0, "\(script.stderr)")
    #expect(script.stdout.hasPrefix("{\"action\":null,\"bar\":\"compact\","), "\(script.stdout)")

    let second = runInProcess(["--init"], environment: environment)
    #expect(second.status == 1)
    #expect(second.stderr == "error: '\(path)' exists already; edit it, or remove it first\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == starter)
  }

  /// `source FILE` expands `~` and `$NAME` (`${NAME}`) from the environment; a variable that is
  /// not set is an error naming it; a `$` before anything else is itself (docs/Contract.md, "A
  /// terminal workspace").
  @Test func sourceExpandsTheHomeAndVariables() throws {
    let home = NSTemporaryDirectory() + "tabshell-source-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: home + "/conf", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    try "add-tab text --id a\necho sourced\n".write(
      toFile: home + "/conf/a.tabsh", atomically: true, encoding: .utf8)
    try "echo dollar\n".write(toFile: home + "/conf/a$.tabsh", atomically: true, encoding: .utf8)
    let run = runInProcess(
      [
        "-c",
        "source ~/conf/a.tabsh; source $CONF/a.tabsh; source ${CONF}/a.tabsh; "
          + "source $HOME/conf/a.tabsh; source ~/conf/a$.tabsh; expect tabs 1; "
          + "source $NOT_SET_31/a.tabsh",
      ], environment: ["HOME": home, "CONF": home + "/conf"])
    #expect(run.stdout == "sourced\nsourced\nsourced\nsourced\ndollar\n")
    #expect(
      run.stderr
        == "-c:1:136: error: cannot read '$NOT_SET_31/a.tabsh': $NOT_SET_31 is not set\n")
    #expect(run.status == 1)
  }

  /// The start-up file's path is the user's text (from HOME or XDG_CONFIG_HOME): its control
  /// characters are written out in what `--init` says, a newline in it makes no line of its own.
  @Test func initWritesOutThePathsControlCharacters() throws {
    let home = NSTemporaryDirectory() + "tabshell-init-\(UUID().uuidString)\u{1B}[2J\nerror: x"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = ["HOME": home, "XDG_CONFIG_HOME": ""]
    let shown =
      (home + "/.config/tabshell/init.tabsh")
      .replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
      .replacingOccurrences(of: "\n", with: "\\u{A}")
    let first = runInProcess(["--init"], environment: environment)
    #expect(first.stdout == "wrote \(shown): the REPL runs it when it opens\n")
    let second = runInProcess(["--init"], environment: environment)
    #expect(second.stderr == "error: '\(shown)' exists already; edit it, or remove it first\n")
  }
}
