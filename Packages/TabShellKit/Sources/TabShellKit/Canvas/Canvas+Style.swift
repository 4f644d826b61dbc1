extension Canvas {
  /// A cell's colour: the terminal's own, one of the 256 indexed colours (0–7 the named ones,
  /// 8–15 their bright forms, 16–255 the xterm palette), or 24-bit RGB. The host degrades it to
  /// what the terminal has (docs/Contract.md, "The canvas"). Frozen: these three are all a
  /// terminal has.
  @frozen
  public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background.
    case terminal
    /// An indexed colour, 0–255.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// Black (0).
    public static let black = Color.indexed(0)
    /// Red (1).
    public static let red = Color.indexed(1)
    /// Green (2).
    public static let green = Color.indexed(2)
    /// Yellow (3).
    public static let yellow = Color.indexed(3)
    /// Blue (4).
    public static let blue = Color.indexed(4)
    /// Magenta (5).
    public static let magenta = Color.indexed(5)
    /// Cyan (6).
    public static let cyan = Color.indexed(6)
    /// White (7).
    public static let white = Color.indexed(7)

    /// The bright form of one of the eight named colours (`.bright(.red)` is 9).
    public static func bright(_ color: Color) -> Color {
      if case .indexed(let index) = color, index < 8 { return .indexed(index + 8) }
      return color
    }

    /// A bar colour as 24-bit RGB.
    public init(_ color: BarColor) {
      self = .rgb(red: color.red, green: color.green, blue: color.blue)
    }

    /// A bar colour as 24-bit RGB, or the terminal's own for `nil`.
    public init(_ color: BarColor?) {
      self = color.map(Color.init) ?? .terminal
    }
  }

  /// Text attributes of a cell.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// Makes attributes from bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold.
    public static let bold = Attributes(rawValue: 1)
    /// Dim (faint).
    public static let dim = Attributes(rawValue: 2)
    /// Italic.
    public static let italic = Attributes(rawValue: 4)
    /// Underlined.
    public static let underline = Attributes(rawValue: 8)
    /// Foreground and background swapped.
    public static let reverse = Attributes(rawValue: 16)
    /// Struck through.
    public static let strikethrough = Attributes(rawValue: 32)
    /// Blinking (SGR 5).
    public static let blink = Attributes(rawValue: 64)
    /// Concealed (SGR 8): the text is there but not shown, as on a terminal.
    public static let conceal = Attributes(rawValue: 128)
  }

  /// How a cell's text is underlined when it is (``Attributes/underline``): a single line, the
  /// default, or a double, curly, dotted or dashed one (SGR `4:1` to `4:5`). A terminal that has
  /// no such underlines shows a single one. A struct, not an enum, so that shapes can be added.
  public struct UnderlineStyle: Hashable, Sendable {
    /// The shape's number in SGR `4:N`: 1 single, 2 double, 3 curly, 4 dotted, 5 dashed.
    public let code: Int

    private init(code: Int) { self.code = code }

    /// A single line (SGR 4).
    public static let single = UnderlineStyle(code: 1)
    /// A double line (SGR 21, `4:2`).
    public static let double = UnderlineStyle(code: 2)
    /// A curly line (`4:3`), as spell checkers mark words.
    public static let curly = UnderlineStyle(code: 3)
    /// A dotted line (`4:4`).
    public static let dotted = UnderlineStyle(code: 4)
    /// A dashed line (`4:5`).
    public static let dashed = UnderlineStyle(code: 5)
  }

  /// How a cell looks: its colours and attributes.
  public struct Style: Hashable, Sendable {
    /// The text's colour.
    public var foreground: Color
    /// The cell's background.
    public var background: Color
    /// Bold, dim, italic, underline, reverse, strikethrough, blink, conceal.
    public var attributes: Attributes
    /// The underline's shape, when ``attributes`` has ``Attributes/underline`` (single by default).
    public var underlineStyle = UnderlineStyle.single
    /// The underline's colour (SGR 58): the terminal's own, the default, is the text's.
    public var underlineColor = Color.terminal
    /// Whether a line is drawn above the text (SGR 53).
    public var isOverlined = false

    /// Makes a style: by default the terminal's colours and no attribute.
    public init(
      foreground: Color = .terminal, background: Color = .terminal, attributes: Attributes = []
    ) {
      self.foreground = foreground
      self.background = background
      self.attributes = attributes
    }

    /// The terminal's own colours, no attribute.
    public static let plain = Style()

    /// The style of the older `color:bold:` writes: a bar colour as the foreground, maybe bold.
    public init(color: BarColor?, bold: Bool) {
      self.init(foreground: Color(color), attributes: bold ? .bold : [])
    }

    /// Whether it is the terminal's own colours with no attribute (nor overline, nor an underline's
    /// shape or colour).
    public var isPlain: Bool { self == .plain }
  }

  /// Where a screen that has the focus wants the terminal's cursor shown, counted from the
  /// region's top-left cell, and how it looks.
  public struct Cursor: Hashable, Sendable {
    /// The row, 0-based.
    public var row: Int
    /// The column, 0-based.
    public var column: Int
    /// The cursor's shape (the terminal's default unless the screen sets one): the full-screen
    /// mode passes it on to a terminal that takes it.
    public var shape = CursorShape.default

    /// Makes a cursor position, of the terminal's default shape.
    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }

    /// Makes a cursor position of a shape.
    public init(row: Int, column: Int, shape: CursorShape) {
      self.row = row
      self.column = column
      self.shape = shape
    }
  }
}
