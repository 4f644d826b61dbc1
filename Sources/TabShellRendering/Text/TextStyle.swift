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

  private static let attributeCodes: [(Canvas.Attributes, String)] = [
    (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    (.strikethrough, "9"),
  ]

  /// The SGR sequence that turns this style on (empty for the plain style or `.none`).
  func sgr(_ mode: ColorMode) -> String {
    if mode == .none || isPlain { return "" }
    var parameters: [String] = []
    for (attribute, code) in Self.attributeCodes where attributes.contains(attribute) {
      parameters.append(code)
    }
    if let code = ANSI.color(foreground, mode: mode, layer: 38) { parameters.append(code) }
    if let code = ANSI.color(background, mode: mode, layer: 48) { parameters.append(code) }
    return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}

/// ANSI colour mapping: RGB to 24-bit or to the nearest of the 256-colour palette.
package enum ANSI {
  /// The SGR reset sequence.
  static let reset = "\u{1B}[0m"

  /// The SGR parameter for a canvas colour (`nil` for the terminal's own): `layer` is 38
  /// (foreground) or 48 (background). An indexed colour below 16 is sent as its basic or bright
  /// code; in `.ansi8` every colour becomes the nearest of the basic eight.
  static func color(_ color: Canvas.Color, mode: ColorMode, layer: Int) -> String? {
    switch color {
    case .terminal: return nil
    case .rgb(let red, let green, let blue):
      return Self.color(BarColor(red: red, green: green, blue: blue), mode: mode, layer: layer)
    case .indexed(let index):
      let index = Int(index)
      if mode == .ansi8 { return "\(layer - 8 + basicIndex(palette: index))" }
      switch index {
      case 0..<8: return "\(layer - 8 + index)"
      case 8..<16: return "\(layer + 52 + index - 8)"
      default: return "\(layer);5;\(index)"
      }
    }
  }

  /// The SGR parameter for a colour: `layer` is 38 (foreground) or 48 (background).
  static func color(_ color: BarColor, mode: ColorMode, layer: Int) -> String {
    switch mode {
    case .trueColor: "\(layer);2;\(color.red);\(color.green);\(color.blue)"
    case .ansi256, .none: "\(layer);5;\(paletteIndex(color))"
    case .ansi8: "\(layer - 8 + basicIndex(red: color.red, green: color.green, blue: color.blue))"
    }
  }

  /// The basic colour (0–7: black, red, green, yellow, blue, magenta, cyan, white) of an RGB
  /// colour: black when it is dark, else the mix of the channels at least half as strong as its
  /// strongest (the basic colours' numbers are those bits: red 1, green 2, blue 4), so that a blue
  /// with some green stays blue and an orange is yellow.
  package static func basicIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let strongest = max(red, green, blue)
    guard strongest >= 64 else { return 0 }
    let half = (Int(strongest) + 1) / 2
    return (Int(red) >= half ? 1 : 0) | (Int(green) >= half ? 2 : 0) | (Int(blue) >= half ? 4 : 0)
  }

  /// The nearest of the 8 basic colours (0–7) to an entry of the 256-colour palette (8–15, the
  /// bright ones, become their plain kin).
  package static func basicIndex(palette index: Int) -> Int {
    switch index {
    case 0..<8: return index
    case 8..<16: return index - 8
    case 16..<232:
      let cube = index - 16
      let (r, g, b) = (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
      return basicIndex(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
    default:
      let level = UInt8(clamping: 8 + 10 * (index - 232))
      return basicIndex(red: level, green: level, blue: level)
    }
  }

  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The nearest entry of the xterm 256-colour palette: the 6×6×6 cube (16–231) or the grey ramp
  /// (232–255). Allocates nothing: the full-screen mode calls it while it writes a frame.
  package static func paletteIndex(_ color: BarColor) -> Int {
    let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
    let (r, g, b) = (nearestCubeLevel(red), nearestCubeLevel(green), nearestCubeLevel(blue))
    let cubeIndex = 16 + 36 * r + 6 * g + b
    let average = (red + green + blue) / 3
    let greyStep = min(23, max(0, (average - 3) / 10))
    let greyLevel = 8 + 10 * greyStep
    let greyDistance = distance(red, green, blue, greyLevel, greyLevel, greyLevel)
    let cubeDistance = distance(
      red, green, blue, cubeLevels[r], cubeLevels[g], cubeLevels[b])
    return greyDistance < cubeDistance ? 232 + greyStep : cubeIndex
  }

  private static func nearestCubeLevel(_ value: Int) -> Int {
    var best = 0
    for index in 1..<cubeLevels.count
    where abs(cubeLevels[index] - value) < abs(cubeLevels[best] - value) {
      best = index
    }
    return best
  }

  private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int)
    -> Int
  {
    (r1 - r2) * (r1 - r2) + (g1 - g2) * (g1 - g2) + (b1 - b2) * (b1 - b2)
  }
}
