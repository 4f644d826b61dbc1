@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// A screen in the error state shows it in `state --json` and `tabs`, as in `trace`
/// (docs/ProcessPlugins.md, "Lifecycle"; docs/Contract.md, "The state as JSON").
@Suite struct FailedScreenTests {
  /// A plugin whose `broken` screens throw from `viewWillAppear`.
  final class Broken: TabShellPlugin {
    struct Failure: Error, CustomStringConvertible {
      var description: String { "no luck" }
    }
    final class BrokenType: ScreenType {
      let name = "broken"
      func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { BrokenScreen() }
    }
    final class BrokenScreen: Screen {
      func viewWillAppear() throws { throw Failure() }
    }
    let name = "broken"
    var screenTypes: [any ScreenType] { [BrokenType()] }
  }

  func session() throws -> Session {
    let session = Session()
    try session.interpreter.shell.register(Broken(), source: "tests")
    return session
  }

  @Test func stateJSONListsTheFailedScreens() throws {
    let session = try session()
    #expect(
      session.output(of: "add-tab text --id a; state --json") == [
        #"{"action":null,"barHidden":false,"failures":{},"modal":null,"selected":1,"tabs":["#
          + #"{"badge":null,"enabled":true,"icon":"□","id":"a","loaded":true,"position":1,"#
          + #""selectedIcon":"■","stack":["a"],"title":"Text","type":"text"}],"visible":"a"}"#
      ])
    #expect(
      session.output(of: "add-tab broken --id b; tab b; state --json").last?.contains(
        #""failures":{"b":"viewWillAppear failed: no luck"},"#) == true)
    try session.interpreter.shell.markFailed(screen: "a", message: "plugin 'p' stopped")
    #expect(
      session.output(of: "state --json").last?.contains(
        #""failures":{"a":"plugin 'p' stopped","b":"viewWillAppear failed: no luck"},"#) == true)
  }

  @Test func tabsListsTheFailedScreensUnderTheTable() throws {
    let session = try session()
    #expect(session.output(of: "add-tab text --id a; add-tab broken --id b; tabs").count == 3)
    #expect(
      session.output(of: "tab b; present broken --id m; tabs").suffix(2) == [
        "screen b: viewWillAppear failed: no luck", "screen m: viewWillAppear failed: no luck",
      ])
  }
}
