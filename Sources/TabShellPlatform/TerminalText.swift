/// Text made safe to write to a terminal, for the modules that do not link the core (the static
/// `tabshell` client and its session commands, the plugin transport): the core's
/// `neutralized(_:keepingLines:)` and `isTerminalControl(_:)` rule, which
/// NeutralizedAgreementTests holds the two to.
package enum TerminalText {
  /// `text` with every control character — C0 (below U+0020), DEL (U+007F), C1 (U+0080–U+009F) —
  /// and every bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
  /// written as a visible escape such as `\u{1B}`: no escape sequence reaches the terminal and
  /// nothing reorders the text. With `keepingLines`, line feeds and tabs stay as they are.
  package static func neutralized(_ text: String, keepingLines: Bool = false) -> String {
    func kept(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x0A, 0x09: keepingLines
      default: !isTerminalControl(scalar)
      }
    }
    guard !text.unicodeScalars.allSatisfy(kept) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if kept(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result
  }

  /// Whether a scalar is a control that must not reach a terminal as it is: a control character
  /// (C0, DEL, C1) or a bidirectional control (``isBidiControl(_:)``). The core's
  /// `isTerminalControl(_:)`, for the modules that do not link it: the one rule of what is written
  /// out (``neutralized(_:keepingLines:)``), shown as `?` or refused.
  package static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar)
  }

  /// Whether a scalar is a bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E,
  /// U+2066–U+2069): it takes no column, but a terminal that orders text both ways lets it reorder
  /// what follows it. The core's `isBidiControl(_:)`, for the modules that do not link it.
  package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
