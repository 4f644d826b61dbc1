import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A plugin's layouts and screen types are like the built-in ones: `help layout` lists each
/// registered layout with its summary (docs/ProcessPlugins.md: a layout's `summary` is "one line
/// for `help layout`"), `help add-tab` each screen type, and `layout NAME` builds it.
@Suite struct LayoutHelpTests {
  /// The description of a process plugin of one screen type, `mine`, and one layout, `pair`,
  /// with a summary.
  static let description =
    #"{"protocolVersion":1,"name":"mine","screenTypes":[{"name":"mine"}],"layouts":[{"name":"pair","summary":"two screens of mine","tabs":[{"type":"mine","id":"one"},{"type":"mine","id":"two"}]}]}"#

  @Test func helpLayoutListsEveryRegisteredLayoutWithItsSummary() throws {
    let session = try ProcessSession(timeout: 10)
    let path = try session.answeringPlugin("mine", description: Self.description)
    let types = session.run("load \(path); help add-tab")
    #expect(Array(types.out.drop { $0 != "screen types:" }) == ["screen types:", "  mine"])
    let run = session.run("help layout; layout pair; tabs")
    #expect(run.status == 0, "\(run.err)")
    // The shell of this session has no built-in layouts: the plugin's is the only one.
    #expect(session.shell.layouts.map(\.name) == ["pair"])
    #expect(
      Array(run.out.drop { $0 != "layouts:" }.prefix(2)) == [
        "layouts:", "  pair  two screens of mine",
      ])
    #expect(session.shell.tabs.map(\.id) == ["one", "two"])
  }
}
