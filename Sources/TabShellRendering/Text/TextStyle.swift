@_spi(Host) import TabShellKit

/// How a run of text looks: colours and attributes. The plain style emits no escape sequence.
package struct TextStyle: Equatable, Sendable {
  /// The text's colour.
  package var foreground: Canvas.Color = .terminal
  /// The background's colour.
  package var background: Canvas.Color = .terminal
  /// Bold, dim, italic, underline, reverse, strikethrough.
  package var attributes: Canvas.Attributes = []

  /// No colour, no attribute.
  package static let plain = TextStyle()

  /// Makes a style from bar colours (`nil`: the terminal's own).
  package init(
    foreground: BarColor? = nil, background: BarColor? = nil, bold: Bool = false,
    dim: Bool = false, underline: Bool = false
  ) {
    self.foreground = Canvas.Color(foreground)
    self.background = Canvas.Color(background)
    if bold { attributes.insert(.bold) }
    if dim { attributes.insert(.dim) }
    if underline { attributes.insert(.underline) }
  }

  /// A canvas cell's style.
  package init(_ style: Canvas.Style) {
    foreground = style.foreground
    background = style.background
    attributes = style.attributes
  }

  /// Bold text.
  package var bold: Bool {
    get { attributes.contains(.bold) }
    set { if newValue { attributes.insert(.bold) } else { attributes.remove(.bold) } }
  }
  /// Dim (faint) text.
  package var dim: Bool {
    get { attributes.contains(.dim) }
    set { if newValue { attributes.insert(.dim) } else { attributes.remove(.dim) } }
  }
  /// Underlined text.
  package var underline: Bool {
    get { attributes.contains(.underline) }
    set { if newValue { attributes.insert(.underline) } else { attributes.remove(.underline) } }
  }

  var isPlain: Bool { self == .plain }

  /// The SGR code of each attribute, in the order they are sent.
  package static let attributeCodes: [(Canvas.Attributes, String)] = [
    (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    (.strikethrough, "9"), (.blink, "5"), (.conceal, "8"),
  ]

  /// The SGR sequence that turns this style on: empty for the plain style and in `.none`; the
  /// attributes alone in `.monochrome`; else the attributes and the colours as the mode has them.
  package func sgr(_ mode: ColorMode) -> String {
    if mode == .none || isPlain { return "" }
    var parameters: [String] = []
    for (attribute, code) in Self.attributeCodes where attributes.contains(attribute) {
      parameters.append(code)
    }
    if let code = ANSI.color(foreground, mode: mode, layer: 38) { parameters.append(code) }
    if let code = ANSI.color(background, mode: mode, layer: 48) { parameters.append(code) }
    return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }

  /// Whether a blank in this style shows in `mode`: it has a background colour the mode sends, or
  /// reverse, underline or strikethrough where attributes are sent.
  func showsOnBlanks(_ mode: ColorMode) -> Bool {
    if mode == .none { return false }
    if mode.hasColor, background != .terminal { return true }
    return !attributes.isDisjoint(with: [.reverse, .underline, .strikethrough])
  }
}
