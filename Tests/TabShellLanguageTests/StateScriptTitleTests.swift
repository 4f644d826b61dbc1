import BuiltinScreens
@_spi(Host) import TabShellKit
import Testing

@testable import TabShellLanguage

/// `state --script` writes a title only when it is not the one a screen of its type gets: the
/// type's default title as the core keeps it (``screenTitle(_:)``), not as the type wrote it.
@Suite struct StateScriptTitleTests {
  /// A type whose default title the core does not keep as it is: a blank first, a control, and
  /// more than 64 characters.
  final class WordyType: ScreenType {
    let name = "wordy"
    var defaultTitle: String { " \u{1B}" + String(repeating: "wordy ", count: 20) }

    func makeScreen(_ configuration: ScreenConfiguration) throws -> any Screen { Wordy() }
  }

  final class Wordy: Screen {}

  final class WordyPlugin: TabShellPlugin {
    var name: String { "wordy" }
    var screenTypes: [any ScreenType] { [WordyType()] }
  }

  @Test func aDefaultTitleIsNotWrittenAsAGivenOne() throws {
    let session = try Session(with: WordyPlugin())
    #expect(session.run("add-tab wordy --id w; push wordy --id p; add-action wordy") == .success)
    let kept = try #require(session.interpreter.shell.model.tabs.first?.item.title)
    #expect(kept == #"\u{1B}"# + String(repeating: "wordy ", count: 9) + "wor")
    #expect(
      session.output(of: "state --script").filter { !$0.hasPrefix("#") } == [
        "require screen wordy", "add-tab wordy --id w", "tab w", "push wordy --id p",
        "add-action wordy",
      ])
  }
}
