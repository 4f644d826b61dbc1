import BuiltinScreens
@_spi(Host) import TabShellKit
import TestSupport
import Testing

@testable import TabShellHost
@testable import TabShellLanguage

/// Completion of command names and of each argument by its kind.
struct CompletionTests {
  static func interpreter() throws -> Interpreter {
    let shell = Shell()
    try shell.register(BuiltinPlugin(), source: "built-in")
    let interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { _ in }, report: { _ in })
    try shell.apply(layout: "lifecycle")
    return interpreter
  }

  /// A line (the word to complete is its last, `|` marks nothing) and the expected completions.
  static let cases: [(String, [String])] = [
    ("swi", ["swipe"]),
    ("add-t", ["add-tab"]),
    ("ca", ["calls", "capture"]),
    ("tab 1; sw", ["swipe"]),
    ("swipe ", ["left", "right"]),
    ("swipe l", ["left"]),
    ("swipe left --", ["--cancel"]),
    ("tab s", ["second"]),
    ("tab S", ["Second"]),
    ("tab ", ["1", "2", "3", "First", "Second", "Third", "first", "second", "third"]),
    ("add-tab t", ["text", "ticker"]),
    ("add-tab text --i", ["--icon", "--id"]),
    ("push ", ["logger", "page", "post", "text", "ticker"]),
    // A screen type's own options, after the type, and their values by kind.
    ("add-tab page --c", ["--color"]),
    ("add-tab --id x page --color r", ["red"]),
    ("push logger --hides-bar ", []),
    ("present logger --hides-bar ", ["no", "yes"]),
    ("add-tab --c", []),
    ("layout x", ["xianyu"]),
    ("on did-s", ["did-select"]),
    ("on did-select sw", ["swipe"]),
    ("on did-select swipe ", ["left", "right"]),
    ("trace ", ["json", "off", "on"]),
    (
      "expect ",
      [
        "badge", "bar", "cursor", "depth", "frame", "loaded", "modal", "output", "screen",
        "selected", "style", "tabs", "text", "title", "visible",
      ]
    ),
    ("expect bar ", ["hidden", "shown"]),
    ("expect selected th", ["third"]),
    ("help swi", ["swipe"]),
    ("source /e", ["/etc/"]),
    ("echo ", []),
    // `key` offers the names bind takes as tmux names them, and the older script names.
    ("key F1", ["F1", "F10", "F11", "F12"]),
    ("key PP", ["PPage"]),
    ("key alt-l", ["alt-left"]),
    ("key --focus c", ["c-x", "choose", "command", "copy"]),
    // `send-keys` offers the keys' names, for every key it takes, and `--to` after the command.
    ("send-keys PP", ["PPage"]),
    ("send-keys Up E", ["End", "Enter", "Escape"]),
    ("send-keys --t", ["--to"]),
  ]

  @Test(arguments: cases)
  func completes(line: String, expected: [String]) throws {
    let interpreter = try Self.interpreter()
    let utf8 = Array(line.utf8)
    let start = (utf8.lastIndex { $0 == UInt8(ascii: " ") }).map { $0 + 1 } ?? 0
    let found = interpreter.completions(line: line, wordStart: start, wordEnd: utf8.count)
    #expect(found == expected)
  }
}

/// The interpreter as the REPL sees it.
struct REPLEngineTests {
  final class Captured {
    var output: [String] = []
    var errors: [String] = []
  }

  static func engine() throws -> (LanguageREPLEngine, Captured) {
    let captured = Captured()
    let shell = Shell()
    try shell.register(BuiltinPlugin(), source: "built-in")
    let interpreter = Interpreter(
      shell: shell, currentDirectory: "/", output: { captured.output.append($0) },
      report: { captured.errors.append("\($0)") })
    try shell.apply(layout: "demo")
    return (LanguageREPLEngine(interpreter: interpreter, flush: {}), captured)
  }

  @Test func namesTheVisibleScreenInThePrompt() throws {
    let (engine, _) = try Self.engine()
    #expect(engine.prompt == "tabshell:home> ")
    #expect(engine.execute("tab 2") == .proceed)
    #expect(engine.prompt == "tabshell:feed> ")
    #expect(engine.execute("action") == .proceed)
    #expect(engine.prompt == "tabshell:post> ")
  }

  @Test func showsTheBarLineUnlessTheBarIsHidden() throws {
    let (engine, _) = try Self.engine()
    #expect(engine.barLine != nil)
    _ = engine.execute("hide-bar")
    #expect(engine.barLine == nil)
  }

  @Test func reportsErrorsWithoutALocation() throws {
    let (engine, captured) = try Self.engine()
    #expect(engine.execute("swip left") == .proceed)
    #expect(engine.execute("tab 9") == .proceed)
    #expect(
      captured.errors == [
        "error: unknown command 'swip'; did you mean 'swipe'?",
        "error: position 9 is out of range (1...4)",
      ])
  }

  @Test func leavesOnExitAndQuit() throws {
    let (engine, captured) = try Self.engine()
    #expect(engine.execute("echo hi; exit 3") == .exit(3))
    #expect(engine.execute("quit") == .exit(0))
    #expect(engine.execute("") == .proceed)
    #expect(captured.output == ["hi"])
  }

  @Test func runsScreenCommandsOfTheVisibleScreen() throws {
    let (engine, captured) = try Self.engine()
    _ = engine.execute("calls")
    _ = engine.execute("tab inbox; calls")
    #expect(
      captured.errors == [
        "error: 'calls' is a command of screen type 'logger'; the visible screen is of type 'text'"
      ])
    #expect(captured.output == ["init", "viewDidLoad", "viewWillAppear", "viewDidAppear"])
  }

  @Test func listsTheVisibleScreensCommandsInHelp() throws {
    let (engine, captured) = try Self.engine()
    _ = engine.execute("tab inbox; help")
    #expect(captured.output.contains("Commands of the visible screen (type 'logger')"))
    #expect(captured.output.contains { $0.hasPrefix("  calls ") })
  }
}
