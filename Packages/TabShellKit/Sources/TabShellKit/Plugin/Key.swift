/// A key with the modifiers held, named as tmux names it (docs/Contract.md, "Screens that take
/// input"): `Enter`, `Escape`, `Tab`, `BTab`, `Space`, `BSpace`, `Up`, `Down`, `Left`, `Right`,
/// `Home`, `End`, `PPage`, `NPage`, `IC`, `DC`, `F1`…`F12`, a character as itself (`a`, `+`, `é`),
/// and the modifiers before it: `C-x` (Ctrl), `M-x` (Meta, which is Alt), `S-Up` (Shift, for a
/// named key: a character has Shift in it, `A` is Shift-a).
///
/// One type from the terminal to the screen: the full-screen mode decodes what the terminal sends
/// into it, key bindings look it up, a screen that takes input gets it (``ScreenInput/key(_:)``),
/// and a terminal tab's program gets it encoded for its terminal. ``init(name:)`` reads a name and
/// ``description`` writes one: the one table of names, which scripts, bindings and process plugins
/// share.
public struct Key: Hashable, Sendable, CustomStringConvertible {
  /// A key without modifiers: a character or a named key, and nothing else ever.
  @frozen public enum Base: Hashable, Sendable {
    /// A character typed, with Shift already in it (`?`, `Q`).
    case character(Character)
    /// A named key.
    case named(Named)
  }

  /// The keys that have names, as tmux spells them. A kind that can grow: a `switch` over it
  /// needs a `default`.
  public enum Named: String, CaseIterable, Hashable, Sendable {
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

    /// The function key `F1`…`F12`; `nil` for another number.
    public static func function(_ number: Int) -> Named? {
      (1...12).contains(number) ? Named(rawValue: "F\(number)") : nil
    }

    /// The number of a function key (`F5` is 5); `nil` for another key.
    public var functionNumber: Int? {
      guard rawValue.first == "F" else { return nil }
      return Int(rawValue.dropFirst())
    }
  }

  /// The modifiers held with a key.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// Makes modifiers from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Ctrl (`C-`).
    public static let control = Modifiers(rawValue: 1)
    /// Meta, which is Alt (`M-`).
    public static let meta = Modifiers(rawValue: 2)
    /// Shift (`S-`), for a named key.
    public static let shift = Modifiers(rawValue: 4)
  }

  /// The key.
  public var base: Base
  /// The modifiers held.
  public var modifiers: Modifiers

  /// A key with modifiers.
  public init(_ base: Base, modifiers: Modifiers = []) {
    self.base = base
    self.modifiers = modifiers
  }

  /// A named key: `Key(.up)`, `Key(.left, modifiers: .meta)`.
  public init(_ named: Named, modifiers: Modifiers = []) {
    self.init(.named(named), modifiers: modifiers)
  }

  /// A character key: `Key("q")`, `Key("c", modifiers: .control)`.
  public init(_ character: Character, modifiers: Modifiers = []) {
    self.init(.character(character), modifiers: modifiers)
  }

  /// The character typed, when this is a plain character (no Ctrl, no Meta).
  public var character: Character? {
    guard case .character(let character) = base, modifiers.isDisjoint(with: [.control, .meta])
    else { return nil }
    return character
  }

  /// Reads a key's name as tmux writes it: modifiers (`C-`, `M-`, `S-`, in any order, either
  /// case), then a named key (in any case, and tmux's other spellings: `PageUp`, `PgUp`,
  /// `Insert`, `Delete`, `Esc`, `Return`) or one character (`Q` is not `q`). `nil` for anything
  /// else; `S-` before a character (which has Shift in it) is refused.
  public init?(name: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    while rest.count > 2, rest.dropFirst().first == "-" {
      switch rest.first {
      case "C", "c": modifiers.insert(.control)
      case "M", "m": modifiers.insert(.meta)
      case "S", "s": modifiers.insert(.shift)
      default: return nil
      }
      rest = rest.dropFirst(2)
    }
    if rest.count == 1, let character = rest.first, !character.isWhitespace {
      guard !modifiers.contains(.shift) else { return nil }
      self.init(.character(character), modifiers: modifiers)
      return
    }
    let lowered = rest.lowercased()
    guard let named = Self.byLowercasedName[lowered] ?? Self.aliases[lowered] else { return nil }
    self.init(.named(named), modifiers: modifiers)
  }

  /// The name as tmux writes it: `C-M-x`, `S-Up`, `Enter`.
  public var description: String {
    // A character alone is its own name: the character's string, not one built (each key a
    // terminal tab takes is titled by its name).
    if modifiers.rawValue == 0, case .character(let character) = base { return String(character) }
    var name = ""
    if modifiers.contains(.control) { name += "C-" }
    if modifiers.contains(.meta) { name += "M-" }
    if modifiers.contains(.shift) { name += "S-" }
    switch base {
    case .character(let character): name.append(character)
    case .named(let named): name += named.rawValue
    }
    return name
  }

  /// Other spellings tmux reads for named keys.
  private static let aliases: [String: Named] = [
    "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
    "insert": .insert, "delete": .delete, "esc": .escape, "return": .enter,
  ]

  private static let byLowercasedName: [String: Named] = Dictionary(
    uniqueKeysWithValues: Named.allCases.map { ($0.rawValue.lowercased(), $0) })
}
