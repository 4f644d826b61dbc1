@_spi(Host) import TabShellKit

/// ANSI colour mapping: a colour as SGR parameters in each colour mode, RGB and palette entries
/// degraded to the nearest colour the mode has.
package enum ANSI {
  /// The SGR reset sequence.
  static let reset = "\u{1B}[0m"

  /// The SGR parameter for a canvas colour (`nil` for the terminal's own, and for every colour
  /// in `.none` and `.monochrome`): `layer` is 38 (foreground) or 48 (background). An indexed
  /// colour below 16 is sent as its basic or bright code; in `.ansi16` every other colour becomes
  /// the nearest of the 16, in `.ansi8` every colour the nearest of the basic eight.
  static func color(_ color: Canvas.Color, mode: ColorMode, layer: Int) -> String? {
    guard mode.hasColor else { return nil }
    let index: Int
    switch color {
    case .terminal: return nil
    case .rgb(let red, let green, let blue):
      return Self.color(BarColor(red: red, green: green, blue: blue), mode: mode, layer: layer)
    case .indexed(let entry): index = Int(entry)
    }
    switch mode {
    case .ansi8: return sixteen(basicIndex(palette: index), layer: layer)
    case .ansi16: return sixteen(sixteenIndex(palette: index), layer: layer)
    default: return index < 16 ? sixteen(index, layer: layer) : "\(layer);5;\(index)"
    }
  }

  /// The SGR parameter for a colour: `layer` is 38 (foreground) or 48 (background). The colourless
  /// modes never call it.
  static func color(_ color: BarColor, mode: ColorMode, layer: Int) -> String {
    switch mode {
    case .trueColor: "\(layer);2;\(color.red);\(color.green);\(color.blue)"
    case .ansi256, .none, .monochrome: "\(layer);5;\(paletteIndex(color))"
    case .ansi16:
      sixteen(sixteenIndex(red: color.red, green: color.green, blue: color.blue), layer: layer)
    case .ansi8:
      sixteen(basicIndex(red: color.red, green: color.green, blue: color.blue), layer: layer)
    }
  }

  /// The SGR parameter of one of the 16 colours: 30–37 or 90–97 for the foreground (`layer` 38),
  /// 40–47 or 100–107 for the background (48).
  private static func sixteen(_ index: Int, layer: Int) -> String {
    index < 8 ? "\(layer - 8 + index)" : "\(layer + 52 + index - 8)"
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
    if index < 16 { return index % 8 }
    let (red, green, blue) = paletteColor(index)
    return basicIndex(red: red, green: green, blue: blue)
  }

  /// The nearest of the 16 colours (0–15) to an RGB colour: the basic colour
  /// (``basicIndex(red:green:blue:)``), in its bright form (8–15) when its strongest channel is
  /// at least 230 (xterm's plain colours are 205, its bright ones 255); a grey or a pale colour
  /// (the basic white) is dark grey (8) below 179, white (7) below 243, else bright white (15).
  package static func sixteenIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
    let basic = basicIndex(red: red, green: green, blue: blue)
    let strongest = max(red, green, blue)
    switch basic {
    case 0: return 0
    case 7: return strongest < 179 ? 8 : strongest < 243 ? 7 : 15
    default: return strongest >= 230 ? basic + 8 : basic
    }
  }

  /// The nearest of the 16 colours (0–15) to an entry of the 256-colour palette (0–15 are
  /// themselves).
  package static func sixteenIndex(palette index: Int) -> Int {
    if index < 16 { return index }
    let (red, green, blue) = paletteColor(index)
    return sixteenIndex(red: red, green: green, blue: blue)
  }

  /// The RGB of an entry 16–255 of the xterm palette: the 6×6×6 cube (16–231) or the grey ramp.
  private static func paletteColor(_ index: Int) -> (UInt8, UInt8, UInt8) {
    if index < 232 {
      let cube = max(0, index - 16)
      return (
        UInt8(cubeLevels[cube / 36 % 6]), UInt8(cubeLevels[cube / 6 % 6]),
        UInt8(cubeLevels[cube % 6])
      )
    }
    let level = UInt8(clamping: 8 + 10 * (index - 232))
    return (level, level, level)
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
