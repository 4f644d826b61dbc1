/// What a plugin drew (the answer to `screen/draw`): lines of text, each a run of spans with an
/// optional colour and weight, and an optional background.
///
/// The text is as the plugin sent it: the host clips each line to the width by display width,
/// drops lines past the height, and replaces control characters (the core's canvas and renderer
/// do both).
package struct DrawnScreen: Equatable, Sendable {
  /// A colour, as `#rrggbb` in the protocol.
  package struct Color: Equatable, Hashable, Sendable {
    /// Red, 0–255.
    package var red: UInt8
    /// Green, 0–255.
    package var green: UInt8
    /// Blue, 0–255.
    package var blue: UInt8

    /// Makes a colour.
    package init(red: UInt8, green: UInt8, blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// Reads `#rrggbb` (either case).
    package init?(hex text: String) {
      let digits = Array(text.utf8)
      let isHex = { (byte: UInt8) in
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
      }
      guard digits.count == 7, digits[0] == UInt8(ascii: "#"), digits.dropFirst().allSatisfy(isHex),
        let value = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16)
      else { return nil }
      self.init(
        red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
        blue: UInt8(truncatingIfNeeded: value))
    }
  }

  /// A run of text in one style.
  package struct Span: Equatable, Sendable {
    /// The text.
    package var text: String
    /// Its colour, or `nil` for the terminal's own.
    package var color: Color?
    /// Bold text.
    package var isBold: Bool

    /// Makes a span.
    package init(_ text: String, color: Color? = nil, bold: Bool = false) {
      self.text = text
      self.color = color
      self.isBold = bold
    }
  }

  /// The lines, top to bottom; each a list of spans, left to right.
  package var lines: [[Span]]
  /// A colour for the whole region's background.
  package var background: Color?

  /// Makes a drawing.
  package init(lines: [[Span]], background: Color? = nil) {
    self.lines = lines
    self.background = background
  }

  /// Each line's plain text.
  package var text: [String] { lines.map { $0.map(\.text).joined() } }

  /// Reads the result of `screen/draw`, keeping at most `height` lines.
  init(json: JSONValue, height: Int) throws(ProtocolMistake) {
    let fields = try JSONFields(json, place: "the drawing")
    var lines: [[Span]] = []
    for (index, line) in try fields.array("lines").prefix(max(0, height)).enumerated() {
      lines.append(try Self.spans(line, place: "the drawing, line \(index + 1)"))
    }
    self.init(lines: lines, background: try Self.color(fields, "background"))
  }

  private static func spans(_ line: JSONValue, place: String) throws(ProtocolMistake) -> [Span] {
    switch line {
    case .string(let text): return [Span(text)]
    case .array(let parts):
      var spans: [Span] = []
      for part in parts {
        if case .string(let text) = part {
          spans.append(Span(text))
          continue
        }
        let fields = try JSONFields(part, place: place)
        spans.append(
          Span(
            try fields.string("text"), color: try color(fields, "color"),
            bold: try fields.bool("bold", default: false)))
      }
      return spans
    default:
      throw ProtocolMistake("\(place) must be a string or an array of spans, not \(line.kindName)")
    }
  }

  private static func color(_ fields: JSONFields, _ key: String) throws(ProtocolMistake) -> Color? {
    guard let text = try fields.optionalString(key) else { return nil }
    guard let color = Color(hex: text) else {
      throw ProtocolMistake(
        "\(fields.place): \"\(key)\" must be a colour as #rrggbb, not '\(text)'")
    }
    return color
  }
}
