import Foundation
@_spi(Host) import TabShellKit
import Testing

/// `state --json` is the encoding of the core's `Codable` `ShellState` through the host's own encoder
/// (the command line does without Foundation); it must say exactly what Foundation's encoder says
/// of the same state, for every layout and the odd cases.
@Suite struct StateJSONTests {
  @Test(arguments: [
    "layout swipeable; swipe left --cancel",
    "layout xianyu; badge 2 99+; action",
    "layout profile; push text --id d --title 'Quote \" and \\\\ and\ttab' --hides-bar",
    "layout lifecycle; disable-tab 3; tab 2",
    "layout demo; close-tab 1; move-tab 2 1; rename-tab 1 'Ünïcode ✉ 首页'",
    "echo none",
  ])
  func theJSONIsTheCodableState(setup: String) throws {
    let result = runInProcess(["-c", setup + "\nstate --json"])
    #expect(result.status == 0, "\(result.stderr)")
    let printed = try #require(result.stdout.split(separator: "\n").last.map(String.init))

    // The same state, through the core's Codable model.
    let decoded = try JSONDecoder().decode(ShellState.self, from: Data(printed.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let reencoded = String(decoding: try encoder.encode(decoded), as: UTF8.self)
    #expect(reencoded == printed)
    // Every key the model has, and no other.
    let object = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any]
    #expect(
      object?.keys.sorted() == [
        "action", "barHidden", "failures", "modal", "selected", "tabs", "visible",
      ])
  }
}
