import BuiltinScreens
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// Command lookup and the errors found at parse time.
struct ParserTests {
  static func parser() -> Parser {
    Parser(table: .standard, screenCommands: ["calls"])
  }

  /// A name and the command it finds (`nil`: none).
  static let lookups: [(String, String?)] = [
    ("tab", "tab"), ("select", "tab"), ("swipe", "swipe"), ("add-tab", "add-tab"),
    ("expect", "expect"), ("state", "state"), ("Tab", nil), ("swip", nil), ("", nil),
  ]

  @Test(arguments: lookups)
  func looksUpNamesAndAliases(name: String, expected: String?) {
    let found = CommandTable.standard.command(named: name)?.name
    #expect(found == expected)
  }

  /// A script and its first error's message, as `LINE:COL: message`.
  static let failures: [(String, String)] = [
    ("swip left", "1:1: unknown command 'swip'; did you mean 'swipe'?"),
    ("tab 1\n  add-tabb text", "2:3: unknown command 'add-tabb'; did you mean 'add-tab'?"),
    ("xyzzy", "1:1: unknown command 'xyzzy'"),
    ("tab", "1:1: 'tab' needs TAB; usage: tab TAB"),
    ("tab 1 2", "1:7: 'tab' takes no more arguments, got '2'; usage: tab TAB"),
    ("swipe up", "1:7: DIRECTION must be one of left, right, not 'up'"),
    ("swipe lefft", "1:7: DIRECTION must be one of left, right, not 'lefft'; did you mean 'left'?"),
    ("add-tab text --idd a", "1:14: unknown option '--idd' for 'add-tab'; did you mean '--id'?"),
    ("add-tab text --id", "1:14: option '--id' of 'add-tab' needs a value"),
    ("add-tab text --at x", "1:19: N must be a whole number, not 'x'"),
    ("move-tab 1 two", "1:12: N must be a whole number, not 'two'"),
    ("push text --param color", "1:19: --param needs KEY=VALUE, not 'color'"),
    (
      "on did-selct echo",
      "1:4: EVENT must be one of " + EventName.allCases.map(\.rawValue).joined(separator: ", ")
        + ", not 'did-selct'; did you mean 'did-select'?"
    ),
    ("on did-select swip left", "1:1: unknown command 'swip'; did you mean 'swipe'?"),
    (
      "expect selectd 1",
      "1:8: CHECK must be one of selected, title, bar, badge, depth, loaded, tabs, visible, modal, output, frame, text, style, cursor, screen, not 'selectd'; did you mean 'selected'?"
    ),
    ("expect depth a", "1:1: 'expect depth' needs N; usage: expect depth TAB N"),
    ("expect bar up", "1:12: STATE must be one of hidden, shown, not 'up'"),
    ("badge 1", "1:1: 'badge' needs VALUE; usage: badge TAB [VALUE] [--clear]"),
    ("help swipee", "1:6: unknown command 'swipee'; did you mean 'swipe'?"),
    ("exit one", "1:6: N must be a whole number, not 'one'"),
    ("echo \"open", "1:6: unterminated \" quote"),
    (
      String(repeating: "on did-select ", count: 9) + "echo x",
      "1:1: 'on' nests too deep in hooks (limit 8)"
    ),
  ]

  @Test(arguments: failures)
  func reportsParseErrors(source: String, expected: String) throws {
    let script = Self.parser().parse(source, file: nil, directory: "")
    let first = try #require(script.diagnostics.first)
    #expect("\(first.location): \(first.error)" == expected)
  }

  @Test func reportsEveryErrorInOrder() {
    let script = Self.parser().parse("tabb 1\nok 'x\ntab 1\nswipe up", file: "f", directory: "")
    #expect(
      script.diagnostics.map(\.description) == [
        "f:1:1: error: unknown command 'tabb'; did you mean 'tab'?",
        "f:2:4: error: unterminated ' quote",
        "f:4:7: error: DIRECTION must be one of left, right, not 'up'",
      ])
  }

  @Test func stopsAfterTheErrorLimit() throws {
    let source = String(repeating: "frobnicate\n", count: 3 * Parser.diagnosticLimit)
    let script = Self.parser().parse(source, file: "f", directory: "")
    #expect(script.diagnostics.count == Parser.diagnosticLimit + 1)
    let last = try #require(script.diagnostics.last)
    #expect(
      last.description
        == "f:\(Parser.diagnosticLimit + 1):1: error: too many errors (\(Parser.diagnosticLimit)); "
        + "stopped checking here")
  }

  @Test func aScriptWithAsManyErrorsAsTheLimitReportsThemAll() {
    let source = String(repeating: "frobnicate\n", count: Parser.diagnosticLimit)
    let script = Self.parser().parse(source, file: "f", directory: "")
    #expect(script.diagnostics.count == Parser.diagnosticLimit)
    #expect(
      script.diagnostics.allSatisfy { $0.error != .tooManyErrors(limit: Parser.diagnosticLimit) })
  }

  @Test(arguments: ["", "tab 1 ", "swipe ", "exit "])
  func quotesALongWordShort(_ command: String) throws {
    let word = String(repeating: "w", count: 100_000)
    let script = Self.parser().parse("\(command)\(word)", file: nil, directory: "")
    let message = try #require(script.diagnostics.first).description
    #expect(message.count < 300)
    #expect(message.contains(String(repeating: "w", count: quotedWordLimit) + "…'"))
  }

  @Test func resolvesScreenCommandsAtRunTime() throws {
    let script = Self.parser().parse("calls", file: nil, directory: "")
    #expect(script.diagnostics.isEmpty)
    let command = try #require(script.commands.first)
    guard case .screen("calls") = command.boxed.target else {
      Issue.record("expected a screen command, got \(command.boxed.target)")
      return
    }
  }

  @Test func defersUnknownNamesAfterLoad() {
    let script = Self.parser().parse("newcmd\nload x.so\nnewcmd", file: nil, directory: "")
    #expect(script.diagnostics.map(\.location.line) == [1])
    #expect(script.commands.count == 2)
  }

  @Test(arguments: [
    ("echo $1-$2-$3 $9", ["one-two-", ""]),
    ("echo $# $@", ["2", "one", "two"]),
    ("echo x$@y", ["xone twoy"]),
    ("echo $$1 $ $x $$$1 a$$", ["$1", "$", "$x", "$one", "a$"]),
  ])
  func substitutesScriptArguments(line: String, words: [String]) throws {
    var parser = Self.parser()
    parser.substitution.arguments = ["one", "two"]
    let script = parser.parse(line, file: nil, directory: "")
    let command = try #require(script.commands.first)
    #expect(command.boxed.arguments[ScriptingCommands.words] == words)
  }

  @Test func anArgumentIsDataNotCode() throws {
    // An argument never splits a hook's commands, nor breaks its quoting, nor is read again.
    var parser = Self.parser()
    parser.substitution.arguments = ["x; echo INJECTED", "it's", "$1"]
    let script = parser.parse("on did-select 'echo selected $1 $2 $3'", file: nil, directory: "")
    #expect(script.diagnostics.isEmpty)
    let hook = try #require(script.commands.first).boxed.arguments[ScriptingCommands.body]
    #expect(hook.count == 1)
    #expect(
      hook.first?.boxed.arguments[ScriptingCommands.words] == [
        "selected", "x; echo INJECTED", "it's", "$1",
      ])
  }

  @Test func sharesRepeatedLinesWithTheirOwnLocations() {
    let source = "tab 1\n  tab 1\ntab 1 # comment\n\ttab 1\nswipe up\nswipe up\ntab 1"
    let script = Self.parser().parse(source, file: nil, directory: "")
    #expect(script.commands.map(\.location.description) == ["1:1", "2:3", "3:1", "4:2", "7:1"])
    #expect(
      script.commands.allSatisfy { $0.boxed.arguments[NavigationCommands.target] == .position(1) })
    #expect(script.diagnostics.map(\.location.description) == ["5:7", "6:7"])
  }

  @Test func storesArgumentsOnce() throws {
    let script = Self.parser().parse(
      "add-tab text --id a --param color=red", file: nil, directory: "")
    let command = try #require(script.commands.first)
    #expect(command.boxed.arguments[TabCommands.rootType] == "text")
    #expect(command.boxed.arguments[TabCommands.tabID] == "a")
    #expect(command.boxed.arguments[TabCommands.param] == [KeyValue(key: "color", value: "red")])
    #expect(command.boxed.arguments[TabCommands.at] == nil)
    #expect(command.boxed.words == nil)
  }
}
