extension TerminalEmulator {
  /// The SGR libvterm 0.1.4 is handed for one the guard took from it (``Replacement/sgr(_:)``):
  /// what it has of each operation, written as it reads it (colours with `;`, the underline's
  /// shape as `4:N`); `nil` when it has none of them. Its pen then has what the cells' pen has but
  /// dim, conceal, overline, the dotted and dashed underline (a single one) and the underline's
  /// colour. In as many SGRs as the codes need, each of at most 16 parameters: libvterm 0.1.4
  /// does not bound a CSI's parameters, and a 17th is written past its array, over its parser's
  /// callbacks (an SGR of 17 operations from a program, which the guard takes whole, made this
  /// one sequence of 17, and libvterm dispatched nothing after it, or called through a pointer
  /// made of the digits).
  static func libvtermSGR(_ parameters: SGRParameters) -> String? {
    var codes: [String] = []
    parameters.forEachOperation { operation in
      switch operation {
      case .reset: codes.append("0")
      case .set(let attributes):
        for (attribute, code) in attributeCodes where attributes.contains(attribute) {
          codes.append(code)
        }
      case .clear(let attributes):
        for (attribute, code) in clearingCodes where attributes.contains(attribute) {
          codes.append(code)
        }
      case .underline(let shape):
        switch shape {
        case .none: codes.append("24")
        case .double: codes.append("4:2")
        case .curly: codes.append("4:3")
        case .single, .dotted, .dashed: codes.append("4:1")
        }
      case .foreground(let color): codes.append(colorCode(color, layer: 38))
      case .background(let color): codes.append(colorCode(color, layer: 48))
      case .underlineColor: break
      }
    }
    guard !codes.isEmpty else { return nil }
    var sequence = ""
    var group: [String] = []
    var slots = 0
    for code in codes {
      // An operation is never cut: `38;2;R;G;B` takes five slots, `4:2` two.
      let needed = 1 + code.utf8.count { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
      if slots + needed > libvtermParameterSlots, !group.isEmpty {
        sequence += "\u{1B}[" + group.joined(separator: ";") + "m"
        group.removeAll()
        slots = 0
      }
      group.append(code)
      slots += needed
    }
    return sequence + "\u{1B}[" + group.joined(separator: ";") + "m"
  }

  /// The parameters libvterm 0.1.4 keeps for a CSI (its `CSI_ARGS_MAX`; a colon separates two as
  /// a semicolon does).
  static let libvtermParameterSlots = ParameterGuard.maximumSeparators + 1

  /// The codes of the attributes libvterm has.
  private static let attributeCodes: [(TerminalStyle.Attributes, String)] = [
    (.bold, "1"), (.italic, "3"), (.blink, "5"), (.reverse, "7"), (.strikethrough, "9"),
  ]
  private static let clearingCodes: [(TerminalStyle.Attributes, String)] = [
    (.bold, "22"), (.italic, "23"), (.blink, "25"), (.reverse, "27"), (.strikethrough, "29"),
  ]

  /// A colour as libvterm reads it: 39 or 49, `38;5;N`, `38;2;R;G;B`.
  private static func colorCode(_ color: TerminalColor, layer: Int) -> String {
    switch color.kind {
    case 1: "\(layer);5;\(color.packed & 0xFF)"
    case 2:
      "\(layer);2;\(color.packed >> 16 & 0xFF);\(color.packed >> 8 & 0xFF);\(color.packed & 0xFF)"
    default: "\(layer + 1)"
    }
  }
}
