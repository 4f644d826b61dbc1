extension InputParser {
  /// The key a CSI sequence stands for: `ESC [ A` (↑), `ESC [ 1 ; 5 A` (Ctrl-↑), `ESC [ 3 ~`
  /// (Delete), `ESC [ 15 ; 2 ~` (Shift-F5), `ESC [ Z` (Shift-Tab), xterm's modifyOtherKeys
  /// `ESC [ 27 ; M ; CODE ~` and the `ESC [ CODE ; M u` of fixterms and kitty.
  static func csiKey(_ parameters: ArraySlice<UInt8>, final: UInt8, alt: Bool) -> InputEvent.Kind {
    guard let fields = numbers(parameters) else { return .unknown }
    let first = fields.first ?? nil
    let modifierField = fields.count > 1 ? fields[1] : nil
    let code: KeyCode?
    switch final {
    case UInt8(ascii: "A")...UInt8(ascii: "D"), UInt8(ascii: "H"), UInt8(ascii: "F"):
      code = first == nil || first == 1 ? cursorKey(final) : nil
    case UInt8(ascii: "P")...UInt8(ascii: "S"):
      code = first == nil || first == 1 ? .function(Int(final - UInt8(ascii: "P")) + 1) : nil
    case UInt8(ascii: "Z"):
      let modifiers = modifiers(modifierField, alt: alt).union(.shift)
      return first == nil || first == 1 ? keyEvent(.tab, modifiers) : .unknown
    case UInt8(ascii: "~"):
      if first == 27, fields.count == 3, let value = fields[2] {
        code = codePoint(value)
      } else {
        code = first.flatMap(tildeKey)
      }
    case UInt8(ascii: "u"):
      code = first.flatMap(codePoint)
    default:
      code = nil
    }
    guard let code else { return .unknown }
    var modifiers = modifiers(modifierField, alt: alt)
    // A code point with Ctrl comes back as its letter, as the control byte would.
    if case .character(let scalar) = code, scalar.value < 0x20 { modifiers.insert(.control) }
    return keyEvent(code.controlLetter, modifiers)
  }

  /// The keys of `ESC [ N ~`.
  private static func tildeKey(_ number: Int) -> KeyCode? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23...26: .function(number - 12)
    case 28, 29: .function(number - 13)
    case 31...34: .function(number - 14)
    default: nil
    }
  }

  /// The key for a Unicode code point, as modifyOtherKeys and CSI u report it.
  private static func codePoint(_ value: Int) -> KeyCode? {
    switch value {
    case 13: .enter
    case 9: .tab
    case 27: .escape
    case 8, 127: .backspace
    default:
      if let scalar = UInt32(exactly: value).flatMap(Unicode.Scalar.init),
        value < 0x7F || value >= 0xA0
      {
        .character(scalar)
      } else {
        nil
      }
    }
  }

  /// The modifiers of an xterm modifier parameter (1 + bits), with Alt added for an ESC prefix.
  static func modifiers(_ field: Int?, alt: Bool) -> KeyModifiers {
    var modifiers = KeyModifiers(rawValue: UInt8(max(0, (field ?? 1) - 1) & 0x0F))
    if alt { modifiers.insert(.alt) }
    return modifiers
  }

  /// The numbers of a parameter string, `;`-separated (an empty field is `nil`), or `nil` when it
  /// holds anything else (a private marker, a sub-parameter). Numbers saturate at 1,000,000.
  static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?]? {
    var fields: [Int?] = []
    var current: Int?
    for byte in parameters {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        current = min(1_000_000, (current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")))
      case UInt8(ascii: ";"):
        fields.append(current)
        current = nil
      default:
        return nil
      }
    }
    if !parameters.isEmpty { fields.append(current) }
    return fields
  }
}

extension KeyCode {
  /// A control character as the letter of its Ctrl key (0x01 is `a`); anything else unchanged.
  var controlLetter: KeyCode {
    guard case .character(let scalar) = self, scalar.value < 0x20 else { return self }
    let letter = scalar.value == 0 ? 0x20 : scalar.value + (scalar.value <= 0x1A ? 0x60 : 0x40)
    return .character(Unicode.Scalar(UInt8(letter)))
  }
}
