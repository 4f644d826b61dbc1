import CVTerm

/// A key named as tmux names it (`Enter`, `C-c`, `M-x`, `S-Up`, `F5`, `a`), as the terminal sends it
/// to the program: a libvterm key or a character, with modifiers.
enum TerminalKey: Equatable {
  /// A key libvterm encodes (cursor keys as the program's mode says).
  case key(VTermKey, VTermModifier)
  /// A character with modifiers.
  case character(Unicode.Scalar, VTermModifier)
  /// Bytes sent as they are (a control character: `C-c` is 0x03).
  case bytes([UInt8])

  /// The key of a name, or `nil` for a name tmux does not have.
  init?(name: String) {
    var rest = Substring(name)
    var modifiers: UInt32 = 0
    while rest.count > 2, let dash = rest.dropFirst().first, dash == "-" {
      switch rest.first {
      case "C": modifiers |= VTERM_MOD_CTRL.rawValue
      case "M": modifiers |= VTERM_MOD_ALT.rawValue
      case "S": modifiers |= VTERM_MOD_SHIFT.rawValue
      default: return nil
      }
      rest = rest.dropFirst(2)
    }
    let mods = VTermModifier(rawValue: modifiers)
    if let key = Self.named[String(rest)] {
      self = .key(key, mods)
      return
    }
    if rest == "BTab" {
      self = .key(VTERM_KEY_TAB, VTermModifier(rawValue: modifiers | VTERM_MOD_SHIFT.rawValue))
      return
    }
    if rest == "Space" {
      rest = " "
    }
    if rest.first == "F", let number = Int(rest.dropFirst()), (1...12).contains(number) {
      self = .key(VTermKey(VTERM_KEY_FUNCTION_0.rawValue + UInt32(number)), mods)
      return
    }
    let scalars = rest.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else { return nil }
    if modifiers & VTERM_MOD_CTRL.rawValue != 0, let control = Self.control(scalar) {
      // A control character, as terminals send it (libvterm would write C-i, C-m and C-[ as
      // CSI u sequences few programs read).
      let meta = modifiers & VTERM_MOD_ALT.rawValue != 0
      self = .bytes((meta ? [0x1B] : []) + [control])
      return
    }
    self = .character(scalar, mods)
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

  private static let named: [String: VTermKey] = [
    "Enter": VTERM_KEY_ENTER, "Tab": VTERM_KEY_TAB, "Escape": VTERM_KEY_ESCAPE,
    "BSpace": VTERM_KEY_BACKSPACE, "Up": VTERM_KEY_UP, "Down": VTERM_KEY_DOWN,
    "Left": VTERM_KEY_LEFT, "Right": VTERM_KEY_RIGHT, "Home": VTERM_KEY_HOME,
    "End": VTERM_KEY_END, "PPage": VTERM_KEY_PAGEUP, "PageUp": VTERM_KEY_PAGEUP,
    "NPage": VTERM_KEY_PAGEDOWN, "PageDown": VTERM_KEY_PAGEDOWN, "IC": VTERM_KEY_INS,
    "DC": VTERM_KEY_DEL,
  ]
}
