import TabShellKit

/// A default colour the terminal reported: its answer to `ESC ] 10 ; ? ST` (the text's colour) or
/// `ESC ] 11 ; ? ST` (the background's), `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST` (or ended by BEL), as
/// xterm answers them.
package struct ColorReport: Equatable, Sendable {
  /// Whether it is the background's colour (OSC 11); else the text's (OSC 10).
  package var isBackground: Bool
  /// The colour, 8 bits a channel (``TabShellKit/Canvas/Color/rgb(red:green:blue:)``).
  package var color: Canvas.Color

  /// Makes a report.
  package init(isBackground: Bool, color: Canvas.Color) {
    self.isBackground = isBackground
    self.color = color
  }

  /// The queries the full-screen mode sends the terminal, ended by ST as tmux 3.3a sends them.
  package static let queries = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8)

  /// The report an OSC string's text holds (what is between `ESC ]` and its end): `10;` or `11;`
  /// and a colour as X11 writes it, `rgb:R/G/B` with 1 to 4 hexadecimal digits a channel, scaled
  /// to 8 bits; `nil` for anything else (another number, another form, a query).
  package static func parse(_ text: some Collection<UInt8>) -> ColorReport? {
    let fields = text.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard fields.count == 2 else { return nil }
    let isBackground: Bool
    switch Array(fields[0]) {
    case Array("10".utf8): isBackground = false
    case Array("11".utf8): isBackground = true
    default: return nil
    }
    let value = Array(fields[1])
    guard value.starts(with: "rgb:".utf8) else { return nil }
    let channels = value.dropFirst(4).split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    guard channels.count == 3 else { return nil }
    var scaled: [UInt8] = []
    for channel in channels {
      guard (1...4).contains(channel.count), let number = Int(hex: channel) else { return nil }
      // The channel's share of its largest value (0xF, 0xFF, 0xFFF or 0xFFFF), rounded.
      let largest = (1 << (4 * channel.count)) - 1
      scaled.append(UInt8((number * 255 + largest / 2) / largest))
    }
    return ColorReport(
      isBackground: isBackground, color: .rgb(red: scaled[0], green: scaled[1], blue: scaled[2]))
  }
}

extension Int {
  /// The number hexadecimal digits write (either case), or `nil` for anything else.
  fileprivate init?(hex digits: some Collection<UInt8>) {
    var value = 0
    for digit in digits {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 16 + Int(digit - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value * 16 + Int(digit - 0x57)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value * 16 + Int(digit - 0x37)
      default: return nil
      }
    }
    self = value
  }
}
