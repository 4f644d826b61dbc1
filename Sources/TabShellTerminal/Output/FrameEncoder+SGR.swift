@_spi(Host) import TabShellKit
import TabShellRendering

extension FrameEncoder {
  /// A cell's style as the terminal gets it in this colour mode: no colour but every attribute in
  /// `.monochrome` (and `.none`: a frame is escape sequences anyway), RGB as the nearest palette
  /// entry in `.ansi256`, every colour past the 16 as the nearest of them in `.ansi16`, every
  /// colour as the nearest basic one in `.ansi8`.
  func terminalStyle(_ style: CellStyle) -> CellStyle {
    var mapped = style
    switch mode {
    case .none, .monochrome:
      return CellStyle(attributes: style.attributes)
    case .ansi256:
      mapped.foreground = Self.palette(style.foreground)
      mapped.background = Self.palette(style.background)
    case .ansi16:
      mapped.foreground = Self.sixteen(style.foreground)
      mapped.background = Self.sixteen(style.background)
    case .ansi8:
      mapped.foreground = Self.basic(style.foreground)
      mapped.background = Self.basic(style.background)
    case .trueColor:
      break
    }
    return mapped
  }

  private static func basic(_ color: CellColor) -> CellColor {
    nearest(color, ANSI.basicIndex(red:green:blue:), ANSI.basicIndex(palette:))
  }

  private static func sixteen(_ color: CellColor) -> CellColor {
    nearest(color, ANSI.sixteenIndex(red:green:blue:), ANSI.sixteenIndex(palette:))
  }

  /// A colour as the palette entry that `rgb` picks for an RGB colour and `palette` for an entry.
  private static func nearest(
    _ color: CellColor, _ rgb: (UInt8, UInt8, UInt8) -> Int, _ palette: (Int) -> Int
  ) -> CellColor {
    if let color = color.rgb { return .palette(UInt8(rgb(color.red, color.green, color.blue))) }
    if let index = color.paletteIndex { return .palette(UInt8(palette(Int(index)))) }
    return color
  }

  private static func palette(_ color: CellColor) -> CellColor {
    guard let rgb = color.rgb else { return color }
    return .palette(UInt8(ANSI.paletteIndex(rgb)))
  }

  private static let attributeCodes: [(CellAttributes, StaticString)] = [
    (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    (.strikethrough, "9"),
  ]

  /// The codes that take one attribute away; bold and dim, which one code (22) takes away
  /// together, are apart.
  private static let removalCodes: [(CellAttributes, StaticString)] = [
    (.italic, "23"), (.underline, "24"), (.reverse, "27"), (.strikethrough, "29"),
  ]

  /// The SGR sequence from the pen `old` (`nil`: unknown) to `new`: the shorter of changing just
  /// what changes (taking away the attributes that go: 22 for bold and dim, then setting again the
  /// one that stays, 23, 24, 27, 29; 39 and 49 for a colour back to the terminal's own) and a
  /// reset (`0`) followed by everything `new` has, the reset when they are as long. When nothing
  /// goes, only what is added or changed: always the shorter.
  mutating func appendSGR(from old: CellStyle?, to new: CellStyle) {
    append("\u{1B}[")
    guard let old else {
      appendParameters(from: nil, to: new)
      append("m")
      return
    }
    let goes =
      !new.attributes.isSuperset(of: old.attributes)
      || (new.foreground.isDefault && !old.foreground.isDefault)
      || (new.background.isDefault && !old.background.isDefault)
    if goes {
      let start = output.count
      appendParameters(from: nil, to: new)
      let resetEnd = output.count
      appendParameters(from: old, to: new)
      if output.count - resetEnd < resetEnd - start {
        output.removeSubrange(start..<resetEnd)
      } else {
        output.removeSubrange(resetEnd...)
      }
    } else {
      appendParameters(from: old, to: new)
    }
    append("m")
  }

  /// The SGR parameters that take the pen from `old` to `new`: with no `old`, a reset and
  /// everything `new` has.
  private mutating func appendParameters(from old: CellStyle?, to new: CellStyle) {
    var first = true
    var base = old ?? .plain
    if old == nil { appendParameter("0", first: &first) }
    let removed = base.attributes.subtracting(new.attributes)
    if !removed.isDisjoint(with: [.bold, .dim]) {
      appendParameter("22", first: &first)
      base.attributes.subtract([.bold, .dim])
    }
    for (attribute, code) in Self.removalCodes where removed.contains(attribute) {
      appendParameter(code, first: &first)
    }
    for (attribute, code) in Self.attributeCodes
    where new.attributes.contains(attribute) && !base.attributes.contains(attribute) {
      appendParameter(code, first: &first)
    }
    if new.foreground != base.foreground {
      if !first { append(";") }
      appendColor(new.foreground, layer: 30)
      first = false
    }
    if new.background != base.background {
      if !first { append(";") }
      appendColor(new.background, layer: 40)
    }
  }

  /// Appends one parameter, after a `;` unless it is the `first`.
  private mutating func appendParameter(_ code: StaticString, first: inout Bool) {
    if !first { append(";") }
    append(code)
    first = false
  }

  /// The SGR parameters of a colour; `layer` is 30 (foreground) or 40 (background).
  private mutating func appendColor(_ color: CellColor, layer: Int) {
    if let index = color.paletteIndex {
      switch index {
      case 0..<8: appendNumber(layer + Int(index))
      case 8..<16: appendNumber(layer + 60 + Int(index) - 8)
      default:
        appendNumber(layer + 8)
        append(";5;")
        appendNumber(Int(index))
      }
    } else if let rgb = color.rgb {
      appendNumber(layer + 8)
      append(";2;")
      appendNumber(Int(rgb.red))
      append(";")
      appendNumber(Int(rgb.green))
      append(";")
      appendNumber(Int(rgb.blue))
    } else {
      appendNumber(layer + 9)
    }
  }
}
