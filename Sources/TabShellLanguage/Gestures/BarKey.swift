@_spi(Host) import TabShellKit

/// A key in the full-screen mode's bar focus, as `key NAME` names it, and the command it stands
/// for (docs/Contract.md, "The full-screen mode").
package enum BarKey: Equatable, Sendable {
  /// ← (`left`) and Alt-← (`alt-left`): the previous tab, `swipe right`.
  case previous
  /// → (`right`) and Alt-→ (`alt-right`): the next tab, `swipe left`.
  case next
  /// 1–9 and Alt-1–Alt-9: `tab N`.
  case select(Int)
  /// `h`: `toggle-bar`.
  case toggleBar

  /// The names `key` takes, for its help and completion.
  package static let names: [String] =
    ["left", "right", "alt-left", "alt-right"] + (1...9).map { String($0) }
    + (1...9).map { "alt-\($0)" } + ["h"]

  /// The names, in short: `left, right, alt-left, alt-right, 1...9, alt-1...alt-9, h`.
  package static let summary = "left, right, alt-left, alt-right, 1...9, alt-1...alt-9, h"

  /// The key of a name; `nil` for a name `key` does not know.
  package init?(name: String) {
    switch name {
    case "left", "alt-left": self = .previous
    case "right", "alt-right": self = .next
    case "h": self = .toggleBar
    default:
      let digit = name.hasPrefix("alt-") ? String(name.dropFirst(4)) : name
      guard digit.utf8.count == 1, let n = Int(digit), (1...9).contains(n) else { return nil }
      self = .select(n)
    }
  }

  /// The command it stands for: `swipe right`, `swipe left`, `tab N`, `toggle-bar`.
  package var command: String {
    switch self {
    case .previous: "swipe right"
    case .next: "swipe left"
    case .select(let n): "tab \(n)"
    case .toggleBar: "toggle-bar"
    }
  }
}
