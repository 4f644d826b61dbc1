/// The names `key NAME` takes (docs/Contract.md, "Gestures"): keys of the full-screen mode's bar
/// focus, as scripts name them (`left`, `alt-1`, `h`). `key` presses the key: it runs what the
/// key is bound to in the bar focus (``KeyTable``).
package enum BarKey {
  /// The names `key` takes, for its help and completion.
  package static let names: [String] =
    ["left", "right", "alt-left", "alt-right"] + (1...9).map { String($0) }
    + (1...9).map { "alt-\($0)" } + ["h"]

  /// The names, in short: `left, right, alt-left, alt-right, 1...9, alt-1...alt-9, h`.
  package static let summary = "left, right, alt-left, alt-right, 1...9, alt-1...alt-9, h"

  /// The key of a name (`alt-left` is `M-Left`); `nil` for a name `key` does not know.
  package static func key(named name: String) -> KeyName? {
    let alt = name.hasPrefix("alt-")
    let base = alt ? String(name.dropFirst(4)) : name
    switch base {
    case "left": return KeyName(.left, meta: alt)
    case "right": return KeyName(.right, meta: alt)
    case "h" where !alt: return KeyName(.character("h"))
    default:
      guard base.utf8.count == 1, let n = Int(base), (1...9).contains(n) else { return nil }
      return KeyName(Character(base), meta: alt)
    }
  }
}
