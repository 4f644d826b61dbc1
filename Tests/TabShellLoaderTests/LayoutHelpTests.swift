import Foundation
@_spi(Host) import TabShellKit
import TabShellLanguage
import TabShellLoader
import Testing

/// A plugin's layouts and screen types are like the built-in ones: `help layout` lists each
/// registered layout with its summary (docs/ProcessPlugins.md: a layout's `summary` is "one line
/// for `help layout`"), `help add-tab` each screen type, and `layout NAME` builds it.
@Suite struct LayoutHelpTests {
  /// A process plugin of one screen type, `mine`, and one layout, `pair`, with a summary.
  static let plugin = """
    #!/bin/sh
    while IFS= read -r line; do
      case $line in *'"id":'*) ;; *) continue ;; esac
      id=${line#*\\"id\\":}; id=${id%%,*}
      case $line in
        *'"initialize"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1,"name":"mine","screenTypes":[{"name":"mine"}],"layouts":[{"name":"pair","summary":"two screens of mine","tabs":[{"type":"mine","id":"one"},{"type":"mine","id":"two"}]}]}}\\n' "$id" ;;
        *'"screen/draw"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"lines":[]}}\\n' "$id" ;;
        *) printf '{"jsonrpc":"2.0","id":%s,"result":null}\\n' "$id" ;;
      esac
    done

    """

  @Test func helpLayoutListsEveryRegisteredLayoutWithItsSummary() throws {
    let session = try ProcessSession(timeout: 10)
    let path = try session.file("mine", Self.plugin)
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
