@_spi(Host) import TabShellKit
import TabShellRendering

/// How a cell looks: its colours and attributes.
///
/// ``FrameWriter`` maps it to SGR sequences for the colour mode it writes in; the grid itself keeps
/// the colours as given, so one grid can be written in any mode.
package struct CellStyle: Hashable, Sendable {
  /// The text's colour.
  package var foreground: CellColor
  /// The background's colour.
  package var background: CellColor
  /// Bold, dim, italic, underline, reverse, strikethrough, blink, conceal.
  package var attributes: CellAttributes {
    get { CellAttributes(rawValue: attributeBits) }
    set { attributeBits = newValue.rawValue }
  }
  /// ``attributes``' bits. Kept as bits: the canvas's attributes are a type of the core, whose
  /// layout (library evolution) is not known here, so a style holding them is copied through the
  /// core's value witnesses, and so is a frame's encoder that holds its pen.
  private var attributeBits: UInt8
  /// The underline's shape, its code in SGR `4:N` (1 single, 2 double, 3 curly, 4 dotted, 5
  /// dashed), when underlined.
  package var underlineShape: UInt8 = 1
  /// The underline's colour (the default: the text's), when underlined.
  package var underlineColor = CellColor.default
  /// Whether a line is drawn above the text.
  package var isOverlined = false

  /// The terminal's own colours, no attribute.
  package static let plain = CellStyle()

  /// Makes a style.
  package init(
    foreground: CellColor = .default, background: CellColor = .default,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributeBits = attributes.rawValue
  }

  /// A canvas cell's style, its background `background` where it has the terminal's own (the
  /// region's background).
  package init(_ style: Canvas.Style, background: CellColor = .default) {
    self.init(
      foreground: CellColor(style.foreground),
      background: style.background == .terminal ? background : CellColor(style.background),
      attributes: style.attributes)
    if style.attributes.contains(.underline) {
      underlineShape = UInt8(clamping: style.underlineStyle.code)
      underlineColor = CellColor(style.underlineColor)
    }
    isOverlined = style.isOverlined
  }

  /// The style of a renderer's run of text.
  package init(_ style: TextStyle) {
    self.init(
      foreground: CellColor(style.foreground), background: CellColor(style.background),
      attributes: style.attributes)
  }
}

/// Text attributes of a cell: the canvas's own (bold, dim, italic, underline, reverse,
/// strikethrough, blink, conceal), which ``FrameWriter`` sends as SGR 1, 2, 3, 4, 7, 9, 5 and 8.
/// Reverse video is what the colourless modes use to mark a selection.
package typealias CellAttributes = Canvas.Attributes

/// A colour: the terminal's default, an entry of the 256-colour palette, or 24-bit RGB. Packed in
/// 32 bits so that a cell stays small.
package struct CellColor: Hashable, Sendable {
  /// 0: default; 1 << 24 | index: palette; 2 << 24 | rgb: RGB.
  var packed: UInt32

  private init(packed: UInt32) { self.packed = packed }

  /// The terminal's own colour (SGR 39 or 49).
  package static let `default` = CellColor(packed: 0)

  /// An entry of the xterm 256-colour palette (0–15 are the terminal's own 16 colours).
  package static func palette(_ index: UInt8) -> CellColor {
    CellColor(packed: 1 << 24 | UInt32(index))
  }

  /// A 24-bit colour (sent as the nearest palette entry when the terminal has 256 colours only).
  package static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> CellColor {
    CellColor(packed: 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
  }

  /// A bar colour, or the default for `nil`.
  package init(_ color: BarColor?) {
    guard let color else {
      self = .default
      return
    }
    self = .rgb(color.red, color.green, color.blue)
  }

  /// A canvas colour.
  package init(_ color: Canvas.Color) {
    switch color {
    case .terminal: self = .default
    case .indexed(let index): self = .palette(index)
    case .rgb(let red, let green, let blue): self = .rgb(red, green, blue)
    }
  }

  /// Whether this is the terminal's own colour.
  package var isDefault: Bool { packed == 0 }

  /// The palette index, for a palette colour.
  var paletteIndex: UInt8? { packed >> 24 == 1 ? UInt8(packed & 0xFF) : nil }

  /// The red, green and blue, for an RGB colour.
  var rgb: BarColor? {
    guard packed >> 24 == 2 else { return nil }
    return BarColor(
      red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
  }
}
