import Foundation
import Testing

@testable import TabShellCommandLine
@testable import TabShellHost

/// The command line in process: options, `-c`, stdin, usage errors.
struct CommandLineTests {
  /// Arguments, stdin, and the expected stdout, stderr and status.
  static let runs: [([String], String, String, String, Int32)] = [
    (["-c", "echo hi; exit 4"], "", "hi\n", "", 4),
    (["-c", "tab 1"], "", "", "-c:1:1: error: there are no tabs\n", 1),
    (
      ["-c", "echo a\nswip left"], "", "",
      "-c:2:1: error: unknown command 'swip'; did you mean 'swipe'?\n", 2
    ),
    (
      [], "echo from stdin\nexpect tabs 1", "from stdin\n",
      "<stdin>:2:1: error: expect failed: there are 0 tabs, expected 1\n", 1
    ),
    (
      ["--chek"], "", "",
      "error: unknown option '--chek'; did you mean '--check'? (see 'tabshell --help')\n", 2
    ),
    (["--width"], "", "", "error: option '--width' needs a value\n", 2),
    (
      ["--width", "wide"], "", "",
      "error: option '--width' needs a positive whole number, not 'wide'\n", 2
    ),
    (["--version"], "", "tabshell 0.1.0\n", "", 0),
    // An option of tabshell's among the script's arguments is theirs ($1...), said in a warning;
    // with `--` before the script it is meant, with no warning.
    (
      ["-c", "echo $1 $2", "x", "--width=100"], "", "x --width=100\n",
      "warning: '--width=100' after -c's commands is the script's argument ($1...), not "
        + "tabshell's option: tabshell's options come before the script (write '--' before the "
        + "script to mean it for it)\n", 0
    ),
    (["-c", "echo $1 $2", "x", "--widthx"], "", "x --widthx\n", "", 0),
    (["no-such-file.tabsh"], "", "", "error: cannot read 'no-such-file.tabsh': no such file\n", 2),
    (
      ["--check", "-c", "tabb; swipe up"], "", "",
      "-c:1:1: error: unknown command 'tabb'; did you mean 'tab'?\n-c:1:13: error: DIRECTION must be one of left, right, not 'up'\n",
      2
    ),
    (["--keep-going", "-c", "pop; echo on"], "", "on\n", "-c:1:1: error: there are no tabs\n", 1),
    // A process's status is a byte: `exit` outside 0...255 is refused when parsed, nothing runs.
    (["-c", "exit 255"], "", "", "", 255),
    (
      ["-c", "echo x; exit 256"], "", "", "-c:1:14: error: N must be from 0 to 255, not '256'\n", 2
    ),
    (["-c", "exit -1"], "", "", "-c:1:6: error: N must be from 0 to 255, not '-1'\n", 2),
  ]

  @Test(arguments: runs)
  func commandLine(
    arguments: [String], stdin: String, stdout: String, stderr: String, status: Int32
  ) {
    let result = runInProcess(arguments, stdin: stdin)
    #expect(result.stdout == stdout)
    #expect(result.stderr == stderr)
    #expect(result.status == status)
  }

  /// `tabshell f.tabsh --width 100`: the words are the script's, with a warning; `tabshell --
  /// f.tabsh --width 100` means them, with none.
  @Test func optionsAfterAScriptFileAreItsArgumentsWithAWarning() throws {
    let folder = NSTemporaryDirectory() + "tabshell-args-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "echo $1 $2 $3\n".write(toFile: folder + "/f.tabsh", atomically: true, encoding: .utf8)
    let warned = runInProcess(["f.tabsh", "--width", "100", "--check"], directory: folder)
    #expect(warned.stdout == "--width 100 --check\n")
    #expect(
      warned.stderr
        == "warning: '--width', '--check' after the script 'f.tabsh' are the script's arguments "
        + "($1...), not tabshell's options: tabshell's options come before the script (write '--' "
        + "before the script to mean them for it)\n")
    let meant = runInProcess(["--", "f.tabsh", "--width", "100", "--check"], directory: folder)
    #expect(meant.stdout == "--width 100 --check\n")
    #expect(meant.stderr == "")
  }

  @Test func takesTheWidthFromTheCommandLineThenColumns() {
    let wide = runInProcess(["--width=30", "-c", "add-tab text; show"])
    #expect(wide.stdout.split(separator: "\n").map(\.count).max() == 30)
    let narrow = runInProcess(["--width", "12", "-c", "add-tab text; show"])
    #expect(narrow.stdout.split(separator: "\n").map(\.count).max() == 12)
  }

  /// A width is bounded (a frame allocates its cells): `--width` past 10,000 is a usage error, a
  /// wider `$COLUMNS` or terminal is drawn 10,000 columns wide.
  @Test(arguments: ["10001", "100000000", "99999999999", "99999999999999999999999", "0", "-3"])
  func refusesAWidthOutOfRange(width: String) {
    let result = runInProcess(["--width", width, "-c", "add-tab text; show"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: option '--width' needs a whole number from 1 to 10000, not '\(width)'\n")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [(nil, "20000"), (nil, "99999999999"), (20_000, nil)] as [(Int?, String?)])
  func aWiderTerminalOrColumnsIsDrawnAtTheMaximum(terminal: Int?, columns: String?) {
    var stdout = ""
    let context = ProcessContext(
      arguments: ["--no-color", "-c", "add-tab text; show; tabs"],
      environment: columns.map { ["COLUMNS": $0] } ?? [:], currentDirectory: "/",
      stdoutIsTerminal: terminal != nil, terminalWidth: terminal,
      writeOutput: { stdout += $0 }, writeError: { _ in })
    #expect(TabShellCommand.main(context) == 0)
    // On a terminal `--no-color` keeps bold and dim: their escapes take no column.
    let text = stdout.replacing(/\x1B\[[0-9;]*m/, with: "")
    #expect(text.split(separator: "\n").map(\.count).max() == 10_000)
  }

  @Test func helpListsEveryOption() {
    let result = runInProcess(["--help"])
    #expect(result.status == 0)
    for option in [
      "-c COMMANDS", "--norc", "--plugin PATH", "--check", "--keep-going", "--width N",
      "--no-color", "--help", "--version",
    ] {
      #expect(result.stdout.contains(option), "\(option)")
    }
  }

  @Test func parsesScriptArgumentsAfterTheFile() throws {
    let options = try CommandLineOptions.parse(["--norc", "f.tabsh", "--keep-going", "x"])
    #expect(options.file == "f.tabsh")
    #expect(options.scriptArguments == ["--keep-going", "x"])
    #expect(options.noStartupFile)
    #expect(!options.keepGoing)
  }

  /// Environment, whether stdout is a terminal, options; whether `show` may use escape sequences,
  /// and colours: on a terminal `--no-color` and `NO_COLOR` keep the attributes.
  static let colors: [([String: String], Bool, [String], Bool, Bool)] = [
    (["TERM": "xterm-256color"], true, [], true, true),
    (["TERM": "xterm-256color"], false, [], false, false),
    (["TERM": "xterm-256color"], true, ["--no-color"], true, false),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], true, [], true, false),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], false, ["--no-color"], false, false),
    (["TERM": "dumb"], true, [], false, false),
  ]

  @Test(arguments: colors)
  func decidesOnColour(
    environment: [String: String], terminal: Bool, options: [String], escapes: Bool, color: Bool
  ) {
    var stdout = ""
    let context = ProcessContext(
      arguments: options + ["-c", "layout swipeable; show"], environment: environment,
      currentDirectory: "/", stdoutIsTerminal: terminal, terminalWidth: 40,
      writeOutput: { stdout += $0 }, writeError: { _ in })
    #expect(TabShellCommand.main(context) == 0)
    #expect(stdout.contains("\u{1B}[") == escapes)
    // The SGR parameters: colours are 30–49 and 90–107; attributes 1–9.
    let parameters = stdout.matches(of: /\x1B\[([0-9;]*)m/).flatMap {
      $0.output.1.split(separator: ";").compactMap { Int($0) }
    }
    #expect(parameters.contains { (30...49).contains($0) || (90...107).contains($0) } == color)
    #expect(!escapes || parameters.contains(1))
  }
}

@Suite struct HelpTextTests {
  /// `--help` reads well in an 80-column terminal and as a manual page: no line is wider, and an
  /// option's description goes on under its text.
  @Test func everyHelpFitsEightyColumns() {
    for text in [CommandLineOptions.helpText, TestOptions.helpText] {
      let wide = text.filter { $0.count > 80 }
      #expect(wide.isEmpty, "\(wide)")
    }
    let width = CommandLineOptions.helpText.firstIndex { $0.hasPrefix("  --width N") }
    #expect(
      width.map { CommandLineOptions.helpText[$0 + 1].hasPrefix(String(repeating: " ", count: 28)) }
        == true)
  }
}
