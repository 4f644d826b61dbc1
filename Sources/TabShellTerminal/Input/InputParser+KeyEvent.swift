import TabShellKit

extension InputParser {
  /// The event of a key the bytes stand for: the core's ``TabShellKit/Key``, named as tmux names
  /// it (Alt and xterm's Meta are both Meta; Shift is in a character, and Shift-Tab is `BTab`); a
  /// key that has no name there (F13 and past) is unknown bytes.
  static func keyEvent(_ code: KeyCode, _ modifiers: KeyModifiers = []) -> InputEvent.Kind {
    // Not `[]`: an array literal of a resilient option set is made through its generic
    // initializer from a sequence, an array allocated each key.
    var held = Key.Modifiers(rawValue: 0)
    if modifiers.contains(.control) { held.insert(.control) }
    if !modifiers.isDisjoint(with: [.alt, .meta]) { held.insert(.meta) }
    let shift = modifiers.contains(.shift)
    let named: Key.Named
    switch code {
    case .character(" "): named = .space
    case .character(let scalar): return .key(Key(.character(character(scalar)), modifiers: held))
    case .enter: named = .enter
    case .tab where shift: return .key(Key(.backTab, modifiers: held))
    case .tab: named = .tab
    case .backspace: named = .backspace
    case .escape: named = .escape
    case .up: named = .up
    case .down: named = .down
    case .left: named = .left
    case .right: named = .right
    case .home: named = .home
    case .end: named = .end
    case .pageUp: named = .pageUp
    case .pageDown: named = .pageDown
    case .insert: named = .insert
    case .delete: named = .delete
    case .function(let number):
      guard let function = Key.Named.function(number) else { return .unknown }
      named = function
    }
    if shift { held.insert(.shift) }
    return .key(Key(named, modifiers: held))
  }

  /// A scalar as a character: an ASCII one from a table made once, where making it ran the
  /// standard library's string code from UTF-8 at each key.
  private static func character(_ scalar: Unicode.Scalar) -> Character {
    scalar.value < 0x80 ? asciiCharacters[Int(scalar.value)] : Character(scalar)
  }

  private static let asciiCharacters: [Character] = (0..<0x80).map {
    Character(Unicode.Scalar(UInt8($0)))
  }
}
