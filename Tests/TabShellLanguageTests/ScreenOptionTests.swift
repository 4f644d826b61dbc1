import BuiltinScreens
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// A screen type's parameters are declared with their kinds: `add-tab TYPE --option VALUE` checks
/// the value when the command is bound (a clear error naming the option and its kind), and the
/// screen type reads it typed.
@Suite struct ScreenOptionTests {
  /// `counter`, as the example plugin declares it: `--start N`, a whole number.
  final class CounterType: ScreenType {
    static let start = CommandOption(
      "--start", .integer, valueName: "N", abstract: "the count to start at")
    let name = "counter"
    var parameters: [CommandParameter] { [Self.start] }
    /// The starts the screens were made with, typed.
    var starts: [Int?] = []

    func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen {
      starts.append(configuration[Self.start])
      return Counter(title: configuration.title)
    }
  }

  final class Counter: Screen {
    let title: String
    init(title: String) { self.title = title }
  }

  final class CounterPlugin: TabShellPlugin {
    let type = CounterType()
    var name: String { "counter" }
    var screenTypes: [any ScreenType] { [type] }
  }

  /// A session with the built-in screens and `counter`.
  func session() throws -> (Session, CounterType) {
    let session = Session()
    let plugin = CounterPlugin()
    try session.interpreter.shell.register(plugin, source: "test")
    return (session, plugin.type)
  }

  @Test func aDeclaredOptionIsReadTyped() throws {
    let (session, counter) = try session()
    #expect(
      session.run("add-tab counter --start 5; push counter; present counter --start -2") == .success
    )
    #expect(counter.starts == [5, nil, -2])
    #expect(session.interpreter.shell.tab(at: 1)?.stack.first?.parameters == ["start": "5"])
  }

  /// The wrong value is a syntax error of the script: nothing runs, the error points at the value.
  @Test(arguments: [
    (
      "add-tab counter --start x",
      "t.tabsh:1:35: error: option '--start' of screen type 'counter' must be a whole number, not 'x'"
    ),
    (
      "add-tab page --color purple",
      "t.tabsh:1:32: error: option '--color' of screen type 'page' must be one of blue, gray, "
        + "orange, red, yellow, not 'purple'"
    ),
    (
      "add-tab counter --strat 1",
      "t.tabsh:1:27: error: unknown option '--strat' for 'add-tab'; did you mean '--start'?"
    ),
    (
      "add-tab text --start 1",
      "t.tabsh:1:24: error: unknown option '--start' for 'add-tab'; did you mean '--at'?"
    ),
  ])
  func aWrongOptionIsAnErrorWhenTheCommandIsBound(line: String, error: String) throws {
    let (session, counter) = try session()
    #expect(session.run("echo ran; " + line) == .syntaxError)
    #expect(session.sink.output.isEmpty)
    #expect(session.sink.errors == [error])
    #expect(counter.starts.isEmpty)
  }

  /// `--param` is checked against the declaration too, when the screen is made.
  @Test func aParamIsCheckedWhenTheScreenIsMade() throws {
    let (session, counter) = try session()
    #expect(session.run("add-tab counter --param start=x") == .failure)
    #expect(
      session.sink.errors == [
        "t.tabsh:1:1: error: option '--start' of screen type 'counter' must be a whole number, "
          + "not 'x'"
      ])
    #expect(session.interpreter.shell.tabs.isEmpty)
    #expect(counter.starts.isEmpty)
  }

  /// A type loaded by the script itself is not known when the script is parsed: its options are
  /// checked when the command runs.
  @Test func theOptionsOfATypeNotRegisteredYetAreCheckedWhenTheCommandRuns() throws {
    let session = Session()
    let script = session.interpreter.parse("add-tab counter --start x", file: "t.tabsh")
    #expect(script.diagnostics.isEmpty)
    let plugin = CounterPlugin()
    try session.interpreter.shell.register(plugin, source: "test")
    #expect(session.interpreter.run(script) == .failure)
    #expect(
      session.sink.errors == [
        "t.tabsh:1:25: error: option '--start' of screen type 'counter' must be a whole number, "
          + "not 'x'"
      ])
  }
}
