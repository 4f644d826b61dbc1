@_spi(Host) import TabShellKit

/// How a run of text looks: colours and attributes. The plain style emits no escape sequence.
struct TextStyle: Equatable, Sendable {
  var foreground: BarColor?
  var background: BarColor?
  var bold = false
  var dim = false
  var underline = false

  static let plain = TextStyle()

  init(
    foreground: BarColor? = nil, background: BarColor? = nil, bold: Bool = false,
    dim: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
  }

  var isPlain: Bool { self == .plain }

  /// The SGR sequence that turns this style on (empty for the plain style or `.none`).
  func sgr(_ mode: ColorMode) -> String {
    if mode == .none || isPlain { return "" }
    var parameters: [String] = []
    if bold { parameters.append("1") }
    if dim { parameters.append("2") }
    if underline { parameters.append("4") }
    if let foreground { parameters.append(ANSI.color(foreground, mode: mode, layer: 38)) }
    if let background { parameters.append(ANSI.color(background, mode: mode, layer: 48)) }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}

/// ANSI colour mapping: RGB to 24-bit or to the nearest of the 256-colour palette.
enum ANSI {
  /// The SGR reset sequence.
  static let reset = "\u{1B}[0m"

  /// The SGR parameter for a colour: `layer` is 38 (foreground) or 48 (background).
  static func color(_ color: BarColor, mode: ColorMode, layer: Int) -> String {
    switch mode {
    case .trueColor: "\(layer);2;\(color.red);\(color.green);\(color.blue)"
    case .ansi256, .none: "\(layer);5;\(paletteIndex(color))"
    }
  }

  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The nearest entry of the xterm 256-colour palette: the 6×6×6 cube (16–231) or the grey ramp
  /// (232–255).
  static func paletteIndex(_ color: BarColor) -> Int {
    let rgb = [Int(color.red), Int(color.green), Int(color.blue)]
    let cube = rgb.map(nearestCubeLevel)
    let cubeColor = cube.map { cubeLevels[$0] }
    let cubeIndex = 16 + 36 * cube[0] + 6 * cube[1] + cube[2]
    let average = (rgb[0] + rgb[1] + rgb[2]) / 3
    let greyStep = min(23, max(0, (average - 3) / 10))
    let greyLevel = 8 + 10 * greyStep
    let grey = [greyLevel, greyLevel, greyLevel]
    return distance(rgb, grey) < distance(rgb, cubeColor) ? 232 + greyStep : cubeIndex
  }

  private static func nearestCubeLevel(_ value: Int) -> Int {
    var best = 0
    for (index, level) in cubeLevels.enumerated()
    where abs(level - value) < abs(cubeLevels[best] - value) {
      best = index
    }
    return best
  }

  private static func distance(_ a: [Int], _ b: [Int]) -> Int {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
  }
}
