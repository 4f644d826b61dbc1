import CVTerm
import TabShellKit

/// A key (the core's ``TabShellKit/Key``) as the terminal sends it to the program: a libvterm key
/// or a character, with modifiers, or bytes.
enum TerminalKey: Equatable {
  /// A key libvterm encodes (cursor keys as the program's mode says).
  case key(VTermKey, VTermModifier)
  /// A character with modifiers.
  case character(Unicode.Scalar, VTermModifier)
  /// Bytes sent as they are (a control character: `C-c` is 0x03).
  case bytes([UInt8])

  /// How `key` reaches the program; `nil` for a character of more than one scalar, which no
  /// terminal sends as one key.
  init?(_ key: Key) {
    // The bits read once: the core's key is resilient, and each `contains` went through its
    // getter and the option set's protocol (each key a terminal tab takes).
    let held = key.modifiers.rawValue
    var modifiers: UInt32 = 0
    if held & Key.Modifiers.control.rawValue != 0 { modifiers |= VTERM_MOD_CTRL.rawValue }
    if held & Key.Modifiers.meta.rawValue != 0 { modifiers |= VTERM_MOD_ALT.rawValue }
    if held & Key.Modifiers.shift.rawValue != 0 { modifiers |= VTERM_MOD_SHIFT.rawValue }
    let mods = VTermModifier(rawValue: modifiers)
    let scalar: Unicode.Scalar
    switch key.base {
    case .named(.space): scalar = " "
    case .named(.backTab):
      self = .key(VTERM_KEY_TAB, VTermModifier(rawValue: modifiers | VTERM_MOD_SHIFT.rawValue))
      return
    case .named(let named):
      guard let encoded = Self.encoded(named) else { return nil }
      self = .key(encoded, mods)
      return
    case .character(let character):
      // One byte is one scalar (each key typed, mostly); else exactly one scalar, not counted.
      let utf8 = character.utf8
      if utf8.count == 1, let byte = utf8.first {
        scalar = Unicode.Scalar(byte)
      } else {
        var scalars = character.unicodeScalars.makeIterator()
        guard let only = scalars.next(), scalars.next() == nil else { return nil }
        scalar = only
      }
    }
    if modifiers & VTERM_MOD_CTRL.rawValue != 0, let control = Self.control(scalar) {
      // A control character, as terminals send it (libvterm would write C-i, C-m and C-[ as
      // CSI u sequences few programs read).
      let meta = modifiers & VTERM_MOD_ALT.rawValue != 0
      self = .bytes((meta ? [0x1B] : []) + [control])
      return
    }
    self = .character(scalar, mods)
  }

  /// Whether the key may start or end what runs in the program's foreground (Enter, a control
  /// key: C-c, C-d, C-z), for ``TerminalSession/keysSent(startsOrStops:)``.
  var startsOrStops: Bool {
    switch self {
    case .key(let key, let modifiers):
      key == VTERM_KEY_ENTER || modifiers.rawValue & VTERM_MOD_CTRL.rawValue != 0
    case .character(_, let modifiers): modifiers.rawValue & VTERM_MOD_CTRL.rawValue != 0
    case .bytes: true
    }
  }

  /// libvterm's key for a named key (Space and BTab aside).
  private static func encoded(_ named: Key.Named) -> VTermKey? {
    switch named {
    case .enter: VTERM_KEY_ENTER
    case .tab: VTERM_KEY_TAB
    case .escape: VTERM_KEY_ESCAPE
    case .backspace: VTERM_KEY_BACKSPACE
    case .up: VTERM_KEY_UP
    case .down: VTERM_KEY_DOWN
    case .left: VTERM_KEY_LEFT
    case .right: VTERM_KEY_RIGHT
    case .home: VTERM_KEY_HOME
    case .end: VTERM_KEY_END
    case .pageUp: VTERM_KEY_PAGEUP
    case .pageDown: VTERM_KEY_PAGEDOWN
    case .insert: VTERM_KEY_INS
    case .delete: VTERM_KEY_DEL
    default:
      named.functionNumber.map { VTermKey(VTERM_KEY_FUNCTION_0.rawValue + UInt32($0)) }
    }
  }

  /// The control character of `C-x`: `@`, letters and `[\]^_` map to 0–31, `?` to DEL, Space
  /// to NUL.
  private static func control(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar {
    case " ", "@": 0
    case "?": 0x7F
    case "a"..."z": UInt8(scalar.value - 0x60)
    case "A"..."Z", "[", "\\", "]", "^", "_": UInt8(scalar.value - 0x40)
    default: nil
    }
  }
}
