/// What a plugin drew (the answer to `screen/draw`): lines of text, each a run of spans with
/// their colours and attributes, an optional background, and (protocol version 2) the cursor.
///
/// The text is as the plugin sent it: the host clips each line to the width by display width,
/// drops lines past the height, and replaces control characters (the core's canvas and renderer
/// do both).
package struct DrawnScreen: Equatable, Sendable {
  /// A colour: `#rrggbb` in the protocol, or (version 2) an index 0…255 of the terminal's palette.
  package enum Color: Equatable, Hashable, Sendable {
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
    /// One of the terminal's 256 colours (0–7 the named ones, 8–15 their bright forms).
    case indexed(UInt8)

    /// Makes a 24-bit colour.
    package init(red: UInt8, green: UInt8, blue: UInt8) {
      self = .rgb(red: red, green: green, blue: blue)
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

  /// A span's attributes (version 2 adds all but bold).
  package struct Attributes: OptionSet, Hashable, Sendable {
    /// The bits.
    package var rawValue: UInt8
    /// Makes attributes from bits.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `bold`.
    package static let bold = Attributes(rawValue: 1)
    /// `dim`.
    package static let dim = Attributes(rawValue: 2)
    /// `italic`.
    package static let italic = Attributes(rawValue: 4)
    /// `underline`.
    package static let underline = Attributes(rawValue: 8)
    /// `reverse`: foreground and background swapped.
    package static let reverse = Attributes(rawValue: 16)
    /// `strike`: struck through.
    package static let strike = Attributes(rawValue: 32)

    /// Each attribute with its member's name in a span, in the protocol's order.
    package static let members: [(name: String, attribute: Attributes)] = [
      ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
      ("reverse", .reverse), ("strike", .strike),
    ]
  }

  /// A run of text in one style.
  package struct Span: Equatable, Sendable {
    /// The text.
    package var text: String
    /// Its colour, or `nil` for the terminal's own.
    package var color: Color?
    /// Its background, or `nil` for the region's.
    package var background: Color?
    /// Bold, dim, italic, underline, reverse, strike.
    package var attributes: Attributes

    /// Bold text.
    package var isBold: Bool { attributes.contains(.bold) }

    /// Makes a span in a colour, maybe bold (version 1's spans).
    package init(_ text: String, color: Color? = nil, bold: Bool = false) {
      self.init(text, color: color, background: nil, attributes: bold ? .bold : [])
    }

    /// Makes a span.
    package init(_ text: String, color: Color?, background: Color?, attributes: Attributes) {
      self.text = text
      self.color = color
      self.background = background
      self.attributes = attributes
    }
  }

  /// Where the screen wants the terminal's cursor while it has the focus, from the region's
  /// top-left cell, and its shape.
  package struct Cursor: Equatable, Sendable {
    /// The row, 0-based.
    package var row: Int
    /// The column, 0-based.
    package var column: Int
    /// The shape's name, one of ``shapes`` (`default` when left out).
    package var shape: String

    /// The shapes a cursor may have: the terminal's default, and DECSCUSR's 1 to 6 in order.
    package static let shapes = [
      "default", "blinking-block", "block", "blinking-underline", "underline", "blinking-bar",
      "bar",
    ]

    /// Makes a cursor position.
    package init(row: Int, column: Int, shape: String = "default") {
      self.row = row
      self.column = column
      self.shape = shape
    }
  }

  /// The lines, top to bottom; each a list of spans, left to right.
  package var lines: [[Span]]
  /// A colour for the whole region's background.
  package var background: Color?
  /// The cursor, or `nil`: hidden.
  package var cursor: Cursor?

  /// Makes a drawing.
  package init(lines: [[Span]], background: Color? = nil, cursor: Cursor? = nil) {
    self.lines = lines
    self.background = background
    self.cursor = cursor
  }

  /// Each line's plain text.
  package var text: [String] { lines.map { $0.map(\.text).joined() } }
}
