import TabShellKit

/// The names `key NAME` takes (docs/Contract.md, "Gestures"): every name a binding takes, as tmux
/// names keys (``TabShellKit/Key``: `x`, `M-x`, `F2`, `C-t`, `Enter`), and the names scripts had before
/// (`left`, `alt-1`, `h`). `key` presses the key: it runs what the key is bound to in a focus
/// (``KeyTable``).
package enum BarKey {
  /// The names scripts had before the tmux names.
  package static let scriptNames: [String] =
    ["left", "right", "alt-left", "alt-right"] + (1...9).map { String($0) }
    + (1...9).map { "alt-\($0)" } + ["h"]

  /// The names `key` offers, for its completion and for a misspelling's suggestion: the script
  /// names, then tmux's named keys.
  package static let names: [String] = scriptNames + Key.Named.allCases.map(\.rawValue)

  /// The names, in short, for an unknown name's error.
  package static let summary =
    "as tmux names them: Enter, Escape, Tab, Space, BSpace, Up, Left, PPage, NPage, F1...F12, "
    + "a character, with C-, M- or S- before; or left, right, alt-left, alt-right, 1...9, "
    + "alt-1...alt-9"

  /// The key of a name (`alt-left` is `M-Left`, `M-x` is itself); `nil` for a name that is no
  /// key.
  package static func key(named name: String) -> Key? {
    scriptKey(named: name) ?? Key(name: name)
  }

  /// The key of a script name (`alt-left` is `M-Left`); `nil` for another name.
  private static func scriptKey(named name: String) -> Key? {
    let alt = name.hasPrefix("alt-")
    let base = alt ? String(name.dropFirst(4)) : name
    let modifiers: Key.Modifiers = alt ? .meta : []
    switch base {
    case "left": return Key(.left, modifiers: modifiers)
    case "right": return Key(.right, modifiers: modifiers)
    case "h" where !alt: return Key("h")
    default:
      guard base.utf8.count == 1, let n = Int(base), (1...9).contains(n) else { return nil }
      return Key(Character(base), modifiers: modifiers)
    }
  }
}
