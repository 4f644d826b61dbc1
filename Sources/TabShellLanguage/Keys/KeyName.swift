/// A key with its modifiers, named as tmux names it (docs/Contract.md, "Key bindings"): `Enter`,
/// `Escape`, `Left`, `BSpace`, `PPage`, `F1`, a plain character (`q`, `?`, `1`), and the
/// modifiers before it: `C-x` (Ctrl), `M-1` (Alt, which tmux calls Meta), `S-Up` (Shift).
///
/// Names of keys are read without regard to case (`enter`, `ppage`); a character is itself (`Q`
/// is not `q`). ``description`` writes the name tmux writes.
package struct KeyName: Hashable, Sendable, CustomStringConvertible {
  /// A key without modifiers.
  package enum Base: Hashable, Sendable {
    /// A character typed (with Shift already in it: `?`, `Q`).
    case character(Character)
    /// A named key.
    case named(Named)
  }

  /// The keys that have names, as tmux spells them.
  package enum Named: String, CaseIterable, Sendable {
    case enter = "Enter"
    case escape = "Escape"
    case tab = "Tab"
    case backTab = "BTab"
    case space = "Space"
    case backspace = "BSpace"
    case up = "Up"
    case down = "Down"
    case left = "Left"
    case right = "Right"
    case home = "Home"
    case end = "End"
    case pageUp = "PPage"
    case pageDown = "NPage"
    case insert = "IC"
    case delete = "DC"
    case f1 = "F1"
    case f2 = "F2"
    case f3 = "F3"
    case f4 = "F4"
    case f5 = "F5"
    case f6 = "F6"
    case f7 = "F7"
    case f8 = "F8"
    case f9 = "F9"
    case f10 = "F10"
    case f11 = "F11"
    case f12 = "F12"
  }

  /// The key.
  package var base: Base
  /// Ctrl (`C-`).
  package var control = false
  /// Alt or Meta (`M-`).
  package var meta = false
  /// Shift (`S-`), for a named key (a character has Shift in it).
  package var shift = false

  /// Makes a key name.
  package init(_ base: Base, control: Bool = false, meta: Bool = false, shift: Bool = false) {
    self.base = base
    self.control = control
    self.meta = meta
    self.shift = shift
  }

  /// A named key.
  package init(_ named: Named, control: Bool = false, meta: Bool = false, shift: Bool = false) {
    self.init(.named(named), control: control, meta: meta, shift: shift)
  }

  /// A character key.
  package init(_ character: Character, control: Bool = false, meta: Bool = false) {
    self.init(.character(character), control: control, meta: meta)
  }

  /// Other spellings tmux reads for named keys.
  private static let aliases: [String: Named] = [
    "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
    "insert": .insert, "delete": .delete, "esc": .escape, "return": .enter,
  ]

  private static let byLowercasedName: [String: Named] = Dictionary(
    uniqueKeysWithValues: Named.allCases.map { ($0.rawValue.lowercased(), $0) })

  /// Reads a name as tmux writes it: modifiers (`C-`, `M-`, `S-`, in any order), then a named key
  /// or one character. `nil` for anything else.
  package init?(_ name: String) {
    var rest = Substring(name)
    var control = false
    var meta = false
    var shift = false
    while rest.count > 2, rest.dropFirst().first == "-" {
      switch rest.first {
      case "C", "c": control = true
      case "M", "m": meta = true
      case "S", "s": shift = true
      default: return nil
      }
      rest = rest.dropFirst(2)
    }
    if rest.count == 1, let character = rest.first, !character.isWhitespace {
      guard !shift else { return nil }
      self.init(.character(character), control: control, meta: meta)
      return
    }
    let lowered = rest.lowercased()
    guard let named = Self.byLowercasedName[lowered] ?? Self.aliases[lowered] else { return nil }
    self.init(.named(named), control: control, meta: meta, shift: shift)
  }

  /// The name as tmux writes it: `C-M-x`, `S-Up`, `Enter`.
  package var description: String {
    var name = ""
    if control { name += "C-" }
    if meta { name += "M-" }
    if shift { name += "S-" }
    switch base {
    case .character(let character): name.append(character)
    case .named(let named): name += named.rawValue
    }
    return name
  }
}
