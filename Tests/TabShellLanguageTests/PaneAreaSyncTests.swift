import Foundation
@_spi(Host) import TabShellKit
import Testing

/// docs/Contract.md, "Split screens": the region the tabs' panes share follows every change that
/// moves it, whether it comes from a command of the view (`size`), of the bar (`hide-bar`,
/// `add-action`), or from a tab switch or a split that shows another screen (a tab whose stack
/// hides the bar; a screen that takes input under the action button's cap). The interpreter
/// measures the area again only when what it is measured from changed: each step here is one of
/// those changes, and the panes' sizes are read from `state --json`.
@Suite struct PaneAreaSyncTests {
  /// Each step, then every tab's panes as `state --json` gives them: id, width, height.
  static let steps: [(script: String, panes: [String: [Pane]])] = [
    ("add-tab text --id a\nsplit text --id b", ["a": [.init("a", 20, 8), .init("b", 19, 8)]]),
    ("hide-bar", ["a": [.init("a", 20, 11), .init("b", 19, 11)]]),
    (
      "show-bar\nsplit text --id c",
      ["a": [.init("a", 20, 8), .init("b", 9, 8), .init("c", 9, 8)]]
    ),
    ("size 40 20", ["a": [.init("a", 20, 16), .init("b", 9, 16), .init("c", 9, 16)]]),
    (
      "push text --id h --hides-bar",
      ["a": [.init("a", 20, 19), .init("b", 9, 19), .init("c", 9, 19)]]
    ),
    (
      "add-tab text --id t\ntab t\nsplit text --id u",
      [
        "a": [.init("a", 20, 16), .init("b", 9, 16), .init("c", 9, 16)],
        "t": [.init("t", 20, 16), .init("u", 19, 16)],
      ]
    ),
    (
      "tab 1",
      [
        "a": [.init("a", 20, 19), .init("b", 9, 19), .init("c", 9, 19)],
        "t": [.init("t", 20, 19), .init("u", 19, 19)],
      ]
    ),
    (
      "swipe left",
      [
        "a": [.init("a", 20, 16), .init("b", 9, 16), .init("c", 9, 16)],
        "t": [.init("t", 20, 16), .init("u", 19, 16)],
      ]
    ),
    // The action button alone moves nothing: its cap takes a row of its own only over a screen
    // that takes input.
    (
      "add-action post --title Post",
      [
        "a": [.init("a", 20, 16), .init("b", 9, 16), .init("c", 9, 16)],
        "t": [.init("t", 20, 16), .init("u", 19, 16)],
      ]
    ),
    (
      "split ticker --id tk",
      [
        "a": [.init("a", 20, 15), .init("b", 9, 15), .init("c", 9, 15)],
        "t": [.init("t", 20, 15), .init("u", 9, 15), .init("tk", 9, 15)],
      ]
    ),
    (
      "select-pane u",
      [
        "a": [.init("a", 20, 16), .init("b", 9, 16), .init("c", 9, 16)],
        "t": [.init("t", 20, 16), .init("u", 9, 16), .init("tk", 9, 16)],
      ]
    ),
    (
      "select-pane tk\ntab 1",
      [
        "a": [.init("a", 20, 19), .init("b", 9, 19), .init("c", 9, 19)],
        "t": [.init("t", 20, 19), .init("u", 9, 19), .init("tk", 9, 19)],
      ]
    ),
    (
      "tab 2",
      [
        "a": [.init("a", 20, 15), .init("b", 9, 15), .init("c", 9, 15)],
        "t": [.init("t", 20, 15), .init("u", 9, 15), .init("tk", 9, 15)],
      ]
    ),
  ]

  struct Pane: Equatable, CustomStringConvertible {
    var id: String
    var width: Int
    var height: Int
    init(_ id: String, _ width: Int, _ height: Int) {
      (self.id, self.width, self.height) = (id, width, height)
    }
    var description: String { "\(id) \(width)x\(height)" }
  }

  @Test func theAreaFollowsEveryChangeThatMovesIt() throws {
    let session = try GestureSession(layout: nil, columns: 40, rows: 12)
    for (index, step) in Self.steps.enumerated() {
      for line in step.script.split(separator: "\n") {
        #expect(session.run(String(line)) == 0, "step \(index): \(line)")
      }
      #expect(session.take().errors == [], "step \(index)")
      #expect(try panes(session) == step.panes, "step \(index): \(step.script)")
    }
  }

  /// Every tab's panes as `state --json` gives them.
  private func panes(_ session: GestureSession) throws -> [String: [Pane]] {
    session.run("state --json")
    let json = try #require(session.take().output.last)
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var panes: [String: [Pane]] = [:]
    for case let tab as [String: Any] in state["tabs"] as? [Any] ?? [] {
      guard let id = tab["id"] as? String, let split = tab["panes"] as? [String: Any] else {
        continue
      }
      panes[id] = (split["cells"] as? [[String: Any]] ?? []).map {
        Pane($0["pane"] as? String ?? "?", $0["width"] as? Int ?? -1, $0["height"] as? Int ?? -1)
      }
    }
    return panes
  }
}
