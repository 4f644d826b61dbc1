@_spi(Host) import TabShellKit
import TabShellRendering

extension FrameEncoder {
  /// A cell's style as the terminal gets it in this colour mode: no colour but every attribute in
  /// `.monochrome` (and `.none`: a frame is escape sequences anyway), RGB as the nearest palette
  /// entry in `.ansi256`, every colour past the 16 as the nearest of them in `.ansi16`, every
  /// colour as the nearest basic one in `.ansi8`; and without what the terminal lacks
  /// (``TerminalStyleFeatures``): a single underline for another shape, no underline colour, no
  /// overline, dim, blink or conceal (a concealed cell is written as blanks).
  func terminalStyle(_ style: CellStyle) -> CellStyle {
    var mapped = style
    switch mode {
    case .none, .monochrome:
      mapped = CellStyle(attributes: style.attributes)
      mapped.underlineShape = style.underlineShape
      mapped.isOverlined = style.isOverlined
    case .ansi256:
      mapped.foreground = Self.palette(style.foreground)
      mapped.background = Self.palette(style.background)
      mapped.underlineColor = Self.palette(style.underlineColor)
    case .ansi16:
      mapped.foreground = Self.sixteen(style.foreground)
      mapped.background = Self.sixteen(style.background)
      mapped.underlineColor = Self.sixteen(style.underlineColor)
    case .ansi8:
      mapped.foreground = Self.basic(style.foreground)
      mapped.background = Self.basic(style.background)
      mapped.underlineColor = Self.basic(style.underlineColor)
    case .trueColor:
      break
    }
    for (feature, attribute) in Self.featureAttributes where !features.contains(feature) {
      mapped.attributes.remove(attribute)
    }
    if !features.contains(.underlineShapes) || !mapped.attributes.contains(.underline) {
      mapped.underlineShape = 1
    }
    if !features.contains(.underlineColor) || !mapped.attributes.contains(.underline) {
      mapped.underlineColor = .default
    }
    if !features.contains(.overline) { mapped.isOverlined = false }
    return mapped
  }

  /// The attributes a terminal may lack.
  private static let featureAttributes: [(TerminalStyleFeatures, CellAttributes)] = [
    (.dim, .dim), (.blink, .blink), (.conceal, .conceal),
  ]

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

  /// The codes that set an attribute: those before the underline's, then those after it.
  private static let attributeCodes: [(CellAttributes, StaticString)] = [
    (.bold, "1"), (.dim, "2"), (.italic, "3"),
  ]
  private static let laterAttributeCodes: [(CellAttributes, StaticString)] = [
    (.reverse, "7"), (.strikethrough, "9"), (.blink, "5"), (.conceal, "8"),
  ]

  /// The codes that take one attribute away; bold and dim, which one code (22) takes away
  /// together, are apart.
  private static let removalCodes: [(CellAttributes, StaticString)] = [
    (.italic, "23"), (.underline, "24"), (.reverse, "27"), (.strikethrough, "29"), (.blink, "25"),
    (.conceal, "28"),
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
      || (new.underlineColor.isDefault && !old.underlineColor.isDefault)
      || (!new.isOverlined && old.isOverlined)
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
    // An underline, or another shape of it: `4`, or `4:N` for a shape but the single line.
    if new.attributes.contains(.underline),
      !base.attributes.contains(.underline) || new.underlineShape != base.underlineShape
    {
      appendParameter(new.underlineShape > 1 ? "4:" : "4", first: &first)
      if new.underlineShape > 1 { appendNumber(Int(new.underlineShape)) }
    }
    for (attribute, code) in Self.laterAttributeCodes
    where new.attributes.contains(attribute) && !base.attributes.contains(attribute) {
      appendParameter(code, first: &first)
    }
    if new.isOverlined != base.isOverlined {
      appendParameter(new.isOverlined ? "53" : "55", first: &first)
    }
    if new.underlineColor != base.underlineColor {
      if !first { append(";") }
      appendUnderlineColor(new.underlineColor)
      first = false
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

  /// The SGR parameters of an underline colour, in the colon form terminals that have it read
  /// (`58:5:N`, `58:2::R:G:B`; 59 for the text's).
  private mutating func appendUnderlineColor(_ color: CellColor) {
    if !appendExtendedColor(color, layer: 50, colon: true) { append("59") }
  }

  /// The SGR parameters of a colour; `layer` is 30 (foreground) or 40 (background).
  private mutating func appendColor(_ color: CellColor, layer: Int) {
    switch color.paletteIndex {
    case .some(let index) where index < 8: appendNumber(layer + Int(index))
    case .some(let index) where index < 16: appendNumber(layer + 60 + Int(index) - 8)
    default: if !appendExtendedColor(color, layer: layer, colon: false) { appendNumber(layer + 9) }
    }
  }

  /// `layer` + 8 and a colour of the 256 (`5`, N) or RGB (`2`, R, G, B, after an empty colour
  /// space in the colon form), separated by `:` when `colon`, else `;`; whether the colour was
  /// one of those.
  private mutating func appendExtendedColor(_ color: CellColor, layer: Int, colon: Bool) -> Bool {
    let separator: StaticString = colon ? ":" : ";"
    if let index = color.paletteIndex {
      appendNumber(layer + 8)
      append(separator)
      append("5")
      append(separator)
      appendNumber(Int(index))
      return true
    }
    guard let rgb = color.rgb else { return false }
    appendNumber(layer + 8)
    append(separator)
    append("2")
    append(separator)
    if colon { append(separator) }
    appendNumber(Int(rgb.red))
    append(separator)
    appendNumber(Int(rgb.green))
    append(separator)
    appendNumber(Int(rgb.blue))
    return true
  }
}
