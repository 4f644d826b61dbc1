@_spi(Host) import TabShellKit

/// The colours a picture is painted in (docs/Contract.md, "Pictures"): the terminal's own
/// foreground and background, the 16 named colours of Windows Terminal's "Campbell" scheme, and
/// xterm's 6×6×6 cube and grey ramp for 16–255; 24-bit colours as they are.
package enum PicturePalette {
  /// The terminal's own foreground.
  static let foreground: RGB = (0xCC, 0xCC, 0xCC)
  /// The terminal's own background.
  static let background: RGB = (0x0C, 0x0C, 0x0C)

  typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

  /// Black, red, green, yellow, blue, magenta, cyan, white, then their bright forms.
  static let named: [RGB] = [
    (0x0C, 0x0C, 0x0C), (0xC5, 0x0F, 0x1F), (0x13, 0xA1, 0x0E), (0xC1, 0x9C, 0x00),
    (0x00, 0x37, 0xDA), (0x88, 0x17, 0x98), (0x3A, 0x96, 0xDD), (0xCC, 0xCC, 0xCC),
    (0x76, 0x76, 0x76), (0xE7, 0x48, 0x56), (0x16, 0xC6, 0x0C), (0xF9, 0xF1, 0xA5),
    (0x3B, 0x78, 0xFF), (0xB4, 0x00, 0x9E), (0x61, 0xD6, 0xD6), (0xF2, 0xF2, 0xF2),
  ]

  private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// A colour's red, green and blue; the terminal's own as `terminal` (its foreground or
  /// background).
  static func rgb(_ color: Canvas.Color, terminal: RGB) -> RGB {
    switch color {
    case .terminal: return terminal
    case .rgb(let red, let green, let blue): return (red, green, blue)
    case .indexed(let index):
      let index = Int(index)
      if index < 16 { return named[index] }
      if index < 232 {
        let cube = index - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
      }
      let level = UInt8(8 + 10 * (index - 232))
      return (level, level, level)
    }
  }

  /// `#RRGGBB`.
  static func hex(_ color: RGB) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    for channel in [color.red, color.green, color.blue] {
      bytes.append(digits[Int(channel >> 4)])
      bytes.append(digits[Int(channel & 0xF)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Half way from `color` to `toward`: dim text.
  static func mix(_ color: RGB, _ toward: RGB) -> RGB {
    (
      UInt8((Int(color.red) + Int(toward.red)) / 2),
      UInt8((Int(color.green) + Int(toward.green)) / 2),
      UInt8((Int(color.blue) + Int(toward.blue)) / 2)
    )
  }

  /// How a cell is painted: its text's and its background's colours after reverse (and the
  /// cursor, which shows as a reversed cell) and dim.
  static func paint(_ style: Canvas.Style, cursor: Bool) -> (text: RGB, background: RGB) {
    var text = rgb(style.foreground, terminal: foreground)
    var back = rgb(style.background, terminal: background)
    if style.attributes.contains(.reverse) != cursor { swap(&text, &back) }
    if style.attributes.contains(.dim) { text = mix(text, back) }
    return (text, back)
  }
}
