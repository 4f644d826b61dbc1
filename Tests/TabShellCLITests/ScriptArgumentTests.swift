import Foundation
import Testing

/// Script arguments (`$1`...) and names a script may use only after a `load`.
@Suite struct ScriptArgumentTests {
  /// `$1`...`$9` are replaced in one pass: an argument's own text is never substituted again.
  @Test func scriptArgumentsAreSubstitutedOnce() throws {
    let directory = NSTemporaryDirectory() + "tabshell-args-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "echo $1 $2 $9 $x $\n".write(
      toFile: directory + "/s.tabsh", atomically: true, encoding: .utf8)
    let result = runInProcess(["s.tabsh", "x$2", "y"], directory: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "x$2 y  $x $\n")
  }

  /// `\$` is a `$` that is never substituted, in double quotes as outside them (`$$` too), and in a
  /// hook's commands; in single quotes a backslash is itself.
  @Test func aBackslashBeforeADollarMakesItADollar() throws {
    let directory = NSTemporaryDirectory() + "tabshell-args-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let script = #"""
      echo "\$1" \$1 "$1" '\$1' "a\$$" "\\$1"
      on did-select "echo \"\$tab\" \$tab $tab"
      add-tab text; add-tab text; tab 2

      """#
    try script.write(toFile: directory + "/s.tabsh", atomically: true, encoding: .utf8)
    let result = runInProcess(["s.tabsh", "A"], directory: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "$1 $1 A \\A a$$ \\A\n$tab $tab 1\n$tab $tab 2\n")
  }

  /// Arguments `$@` stands for never become a hook's commands: they would be code (split at `;`,
  /// or substituted again).
  @Test func argumentsNeverBecomeAHooksCommands() throws {
    let directory = NSTemporaryDirectory() + "tabshell-args-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "add-tab text\nadd-tab text\non $@\ntab 2\n".write(
      toFile: directory + "/s.tabsh", atomically: true, encoding: .utf8)
    let result = runInProcess(
      ["s.tabsh", "did-select", "echo INJECTED; exit 7"], directory: directory)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "s.tabsh:3:4: error: a hook's commands are written in the script, not given as arguments\n"
    )
  }

  /// `help NAME` of a name that is not a command, after a `load` (where it is checked when it
  /// runs), is an error, as before one.
  @Test func helpOfAnUnknownNameAfterALoadIsAnError() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let result = runInProcess(
      ["-c", "load plugins/sh/hello.sh\nhelp nosuch\necho after"], directory: root)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr == "-c:2:1: error: unknown command 'nosuch'\n")
  }

  /// After a `load`, names the script does not know yet (commands of the loaded screen types) are
  /// checked when they run, `help NAME` included.
  @Test func helpOfACommandAfterALoadIsCheckedWhenItRuns() {
    let result = runInProcess(["-c", "load ./missing.so; help increment"])
    #expect(result.status == 1)
    #expect(result.stderr == "-c:1:1: error: cannot load plugin '/./missing.so': no such file\n")
  }
}
