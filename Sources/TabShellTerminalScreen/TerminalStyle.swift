import CVTerm
import TabShellKit

/// How a terminal's cell looks: its colours, attributes and underline, as the program set them
/// with SGR (docs/Contract.md, "Terminal tabs"). The cells keep an index into a table of the
/// styles in use (``TerminalStyleTable``), the scrollback each style once a run of cells.
struct TerminalStyle: Hashable {
  /// The text's colour.
  var foreground = TerminalColor.default
  /// The background.
  var background = TerminalColor.default
  /// The underline's colour (SGR 58; the default: the text's).
  var underlineColor = TerminalColor.default
  /// Bold, dim, italic, blink, reverse, conceal, strikethrough, overline, protected.
  var attributes = Attributes()
  /// How the text is underlined.
  var underline = Underline.none

  /// The default colours, no attribute: what a reset (SGR 0) leaves.
  static let `default` = TerminalStyle()

  /// Attributes that are on or off.
  struct Attributes: OptionSet, Hashable {
    var rawValue: UInt16
    static let bold = Attributes(rawValue: 1)
    static let dim = Attributes(rawValue: 2)
    static let italic = Attributes(rawValue: 4)
    static let blink = Attributes(rawValue: 8)
    static let reverse = Attributes(rawValue: 16)
    static let conceal = Attributes(rawValue: 32)
    static let strikethrough = Attributes(rawValue: 64)
    static let overline = Attributes(rawValue: 128)
    /// Not erased by a selective erase (DECSCA): no look of its own.
    static let protected = Attributes(rawValue: 256)
  }

  /// How text is underlined (SGR 4, 4:N, 21, 24).
  enum Underline: UInt8 {
    case none, single, double, curly, dotted, dashed
  }

  /// The style an erase leaves (as xterm and tmux erase): the background alone.
  var erased: TerminalStyle { TerminalStyle(background: background) }

  /// Whether a blank cell in this style shows nothing: no background, no reverse video, no line
  /// drawn through it (the trailing blanks a line kept leaves out).
  var isBlankable: Bool {
    background == .default && underline == .none
      && attributes.isDisjoint(with: [.reverse, .strikethrough, .overline])
  }
}

/// A terminal colour: the terminal's own, one of the 256 indexed ones, or 24-bit; packed in 32
/// bits (0: the default; 1 << 24 | index; 2 << 24 | red, green, blue).
struct TerminalColor: Hashable {
  var packed: UInt32

  /// The terminal's own foreground or background.
  static let `default` = TerminalColor(packed: 0)

  /// An indexed colour.
  static func indexed(_ index: UInt8) -> TerminalColor {
    TerminalColor(packed: 1 << 24 | UInt32(index))
  }

  /// A 24-bit colour.
  static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> TerminalColor {
    TerminalColor(packed: 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
  }

  /// libvterm's colour: its default flag (of either kind) the default, else indexed or RGB.
  init(_ color: VTermColor) {
    var color = color
    if tabshell_vterm_color_is_default_fg(&color) != 0
      || tabshell_vterm_color_is_default_bg(&color) != 0
    {
      self = .default
    } else if tabshell_vterm_color_is_indexed(&color) != 0 {
      self = .indexed(color.indexed.idx)
    } else {
      self = .rgb(color.rgb.red, color.rgb.green, color.rgb.blue)
    }
  }

  init(packed: UInt32) { self.packed = packed }

  /// The kind: 0 default, 1 indexed, 2 RGB.
  var kind: UInt32 { packed >> 24 }

  /// The colour as the canvas has it.
  var canvasColor: Canvas.Color {
    switch kind {
    case 1: .indexed(UInt8(packed & 0xFF))
    case 2:
      .rgb(
        red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF),
        blue: UInt8(packed & 0xFF))
    default: .terminal
    }
  }
}
