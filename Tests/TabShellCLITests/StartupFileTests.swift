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
    #expect(starter.contains("\nlayout demo\n"))

    // It runs cleanly as a script, and leaves the demo.
    let script = runInProcess(["-c", starter + "\nexpect tabs 4\nexpect selected home"])
    #expect(script.status == 0, "\(script.stderr)")

    let second = runInProcess(["--init"], environment: environment)
    #expect(second.status == 1)
    #expect(second.stderr == "error: '\(path)' exists already; edit it, or remove it first\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == starter)
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
