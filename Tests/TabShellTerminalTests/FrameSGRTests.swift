@_spi(Host) import TabShellKit
import TabShellRendering
import TabShellTerminal
import TestSupport
import Testing

/// The pen goes from one cell's style to the next by the shorter of two SGR sequences: taking
/// away just the attributes that go (22 bold and dim, setting again the one that stays, 23, 24,
/// 27, 29) and changing the colours that change, or a reset (`0`) and everything the new style
/// has; the reset when they are as long.
@Suite struct FrameSGRTests {
  /// A pen change: the style before, the style after, and the SGR parameters between them.
  struct Change: CustomTestStringConvertible, Sendable {
    var from: CellStyle
    var to: CellStyle
    var parameters: String
    var testDescription: String { "\(parameters)" }
  }

  static let blue = CellColor.rgb(0, 122, 255)

  static let changes: [Change] = [
    // A colour that stays is not sent again.
    Change(
      from: CellStyle(
        foreground: blue, background: .palette(200), attributes: [.bold, .underline]),
      to: CellStyle(foreground: blue, background: .palette(200), attributes: .bold),
      parameters: "24"),
    // 22 takes bold and dim together: dim, which stays, is set again.
    Change(
      from: CellStyle(foreground: .palette(1), attributes: [.bold, .dim]),
      to: CellStyle(foreground: .palette(1), attributes: .dim), parameters: "22;2"),
    Change(
      from: CellStyle(foreground: .palette(1), attributes: .dim),
      to: CellStyle(foreground: .palette(1), attributes: .bold), parameters: "22;1"),
    // An attribute taken away and one added.
    Change(
      from: CellStyle(background: .palette(4), attributes: [.italic, .strikethrough]),
      to: CellStyle(background: .palette(4), attributes: [.italic, .bold]), parameters: "29;1"),
    Change(
      from: CellStyle(foreground: blue, attributes: [.reverse, .italic]),
      to: CellStyle(foreground: .palette(9), attributes: .italic), parameters: "27;91"),
    // A colour back to the terminal's own: 39, shorter than a reset and the rest.
    Change(
      from: CellStyle(foreground: .palette(1), attributes: [.bold, .italic, .underline, .reverse]),
      to: CellStyle(attributes: [.bold, .italic, .underline]), parameters: "27;39"),
    // The reset is shorter: it takes everything at once.
    Change(
      from: CellStyle(
        foreground: .palette(208), background: .palette(17), attributes: [.underline, .italic]),
      to: CellStyle(attributes: .underline), parameters: "0;4"),
    Change(
      from: CellStyle(foreground: .palette(1), attributes: [.italic, .reverse]),
      to: CellStyle(attributes: .italic), parameters: "0;3"),
    Change(from: CellStyle(attributes: [.bold, .dim]), to: .plain, parameters: "0"),
    // As long either way (`23;39` and `0;1;2`): the reset.
    Change(
      from: CellStyle(foreground: .palette(1), attributes: [.bold, .dim, .italic]),
      to: CellStyle(attributes: [.bold, .dim]), parameters: "0;1;2"),
    Change(
      from: CellStyle(attributes: [.italic, .underline]),
      to: CellStyle(attributes: [.underline, .bold]), parameters: "23;1"),
    // Nothing taken away but a colour back to the terminal's own: `1;39` is longer.
    Change(
      from: CellStyle(foreground: .palette(200)), to: CellStyle(attributes: .bold),
      parameters: "0;1"),
    // Only added: only what is added, as before.
    Change(
      from: CellStyle(foreground: .palette(1)),
      to: CellStyle(foreground: .palette(1), attributes: [.bold, .strikethrough]),
      parameters: "1;9"),
    // Blink and conceal, each taken away by its own code (or with the rest by a reset).
    Change(
      from: CellStyle(attributes: [.bold, .italic, .reverse, .blink]),
      to: CellStyle(attributes: [.bold, .italic, .reverse]), parameters: "25"),
    Change(
      from: CellStyle(attributes: [.bold, .blink, .conceal]), to: CellStyle(attributes: .bold),
      parameters: "0;1"),
    Change(from: .plain, to: CellStyle(attributes: [.blink, .conceal]), parameters: "5;8"),
    // The underline's shape, colour, and the overline.
    Change(from: .plain, to: styled(shape: 3), parameters: "4:3"),
    Change(from: styled(shape: 3), to: styled(shape: 2), parameters: "4:2"),
    Change(from: styled(shape: 2), to: styled(shape: 1), parameters: "4"),
    Change(
      from: styled(shape: 3), to: styled(shape: 3, color: .rgb(1, 2, 3)),
      parameters: "58:2::1:2:3"),
    Change(
      from: styled(shape: 1, color: .palette(9)), to: styled(shape: 1), parameters: "59"),
    Change(from: styled(shape: 4, color: .palette(9)), to: .plain, parameters: "0"),
    Change(
      from: CellStyle(attributes: .bold), to: overlined(CellStyle(attributes: .bold)),
      parameters: "53"),
    Change(
      from: overlined(CellStyle(attributes: [.bold, .italic])),
      to: CellStyle(attributes: [.bold, .italic]), parameters: "55"),
  ]

  /// An underlined style of the shape `shape` (its `4:N` code) and underline colour `color`.
  static func styled(shape: UInt8, color: CellColor = .default) -> CellStyle {
    var style = CellStyle(attributes: .underline)
    style.underlineShape = shape
    style.underlineColor = color
    return style
  }

  static func overlined(_ style: CellStyle) -> CellStyle {
    var style = style
    style.isOverlined = true
    return style
  }

  /// The frame a writer in `mode` sends for "a" in `first` then "b" in `second` on a blank row.
  static func frame(
    _ first: CellStyle, _ second: CellStyle, mode: ColorMode = .trueColor,
    features: TerminalStyleFeatures = .all
  ) -> (bytes: [UInt8], grid: CellGrid) {
    var grid = CellGrid(columns: 2, rows: 1)
    grid.write("a", column: 0, row: 0, style: first)
    grid.write("b", column: 1, row: 0, style: second)
    var writer = FrameWriter(colorMode: mode, synchronizedUpdate: false)
    writer.styleFeatures = features
    let bytes = writer.frame(
      from: CellGrid(columns: 2, rows: 1), to: grid, cursor: .init(column: 0, row: 1))
    return (bytes, grid)
  }

  /// The bytes between two characters of a frame (the SGR that changes the pen between them).
  static func between(_ bytes: [UInt8], _ first: Character, _ second: Character) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.firstIndex(of: first), let end = text.firstIndex(of: second) else {
      return "(no \(first) or \(second) in \(text.debugDescription))"
    }
    return String(text[text.index(after: start)..<end])
  }

  @Test(arguments: changes)
  func aPenChangeTakesTheShorterWay(_ change: Change) {
    let (bytes, _) = Self.frame(change.from, change.to)
    #expect(Self.between(bytes, "a", "b") == "\u{1B}[\(change.parameters)m")
  }

  /// The style a terminal writes "b" in after `bytes`.
  static func pen(after bytes: [UInt8]) -> CellStyle {
    var screen = VTScreen(columns: 2, rows: 1)
    screen.apply(bytes)
    return screen.cells[0][1].style
  }

  /// A random style: any attributes, each colour the terminal's, one of the 16, one of the 256 or
  /// RGB.
  static func randomStyle(_ generator: inout SplitMix64) -> CellStyle {
    func color() -> CellColor {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: .default
      case 1: .palette(UInt8.random(in: 0..<16, using: &generator))
      case 2: .palette(UInt8.random(in: 0...255, using: &generator))
      default:
        .rgb(
          UInt8.random(in: 0...255, using: &generator),
          UInt8.random(in: 0...255, using: &generator),
          UInt8.random(in: 0...255, using: &generator))
      }
    }
    // Few attributes more often, so that the colours matter too.
    let bits =
      UInt8.random(in: 0...255, using: &generator) & UInt8.random(in: 0...255, using: &generator)
    var style = CellStyle(
      foreground: color(), background: color(), attributes: CellAttributes(rawValue: bits))
    if style.attributes.contains(.underline) {
      style.underlineShape = UInt8.random(in: 1...5, using: &generator)
      style.underlineColor = Bool.random(using: &generator) ? .default : color()
    }
    style.isOverlined = Int.random(in: 0..<4, using: &generator) == 0
    return style
  }

  /// For many random pairs of styles, the bytes from the first to the second leave a terminal
  /// (``VTScreen``, which reads SGR as xterm does) with exactly the second, and are never longer
  /// than a reset and the second's parameters.
  @Test(arguments: [
    (ColorMode.trueColor, TerminalStyleFeatures.all), (.ansi256, .all), (.monochrome, .all),
    (.trueColor, .standard), (.ansi16, TerminalStyleFeatures()),
  ])
  func thePenAlwaysEndsAsTheCellSays(mode: ColorMode, features: TerminalStyleFeatures) {
    var generator = SplitMix64(seed: 0x5E6)
    for _ in 0..<3_000 {
      var first = Self.randomStyle(&generator)
      var second = Self.randomStyle(&generator)
      // Concealed cells are blanks where the terminal cannot conceal (below).
      if !features.contains(.conceal) {
        first.attributes.remove(.conceal)
        second.attributes.remove(.conceal)
      }
      let (bytes, grid) = Self.frame(first, second, mode: mode, features: features)
      var screen = VTScreen(columns: 2, rows: 1)
      screen.apply(bytes)
      #expect(screen.problems.isEmpty, "\(first) → \(second): \(screen.problems)")
      // Each style as the terminal gets it in this mode: what a frame of it alone leaves.
      let (alone, firstAlone) = (
        Self.frame(second, second, mode: mode, features: features).bytes,
        Self.frame(first, first, mode: mode, features: features).bytes
      )
      #expect(Self.pen(after: firstAlone) == screen.cells[0][0].style)
      #expect(
        Self.pen(after: alone) == screen.cells[0][1].style, "\(first) → \(second) in \(mode)")
      // From the unknown pen at a frame's start the writer resets: the longest a change may be.
      let change = Self.between(bytes, "a", "b")
      let reset = Self.between(alone, "H", "a")
      #expect(reset.hasPrefix("\u{1B}[0"))
      #expect(
        change.utf8.count <= reset.utf8.count, "\(first) → \(second): \(change.debugDescription)")
      if grid[0, 0].style == grid[1, 0].style { #expect(change.isEmpty) }
    }
  }

  /// What a terminal lacks is left out (``TerminalStyleFeatures``): another underline's shape is
  /// a single underline, the underline's colour and the overline are not sent, dim and blink
  /// neither, and a concealed cell is written as blanks.
  @Test func whatTheTerminalLacksIsLeftOut() {
    var style = Self.styled(shape: 3, color: .rgb(1, 2, 3))
    style.attributes.formUnion([.dim, .blink, .bold])
    style.isOverlined = true
    let full = Self.frame(.plain, style, features: .all).bytes
    #expect(Self.between(full, "a", "b") == "\u{1B}[1;2;4:3;5;53;58:2::1:2:3m")
    let bare = Self.frame(.plain, style, features: []).bytes
    #expect(Self.between(bare, "a", "b") == "\u{1B}[1;4m")
    var hidden = CellGrid(columns: 3, rows: 1)
    hidden.write("xyz", column: 0, row: 0, style: CellStyle(attributes: .conceal))
    var writer = FrameWriter(colorMode: .trueColor, synchronizedUpdate: false)
    writer.styleFeatures = []
    let blanks = String(
      decoding: writer.frame(from: nil, to: hidden, cursor: .init(column: 0, row: 1)),
      as: UTF8.self)
    #expect(blanks.contains("\u{1B}[0m   ") && !blanks.contains("xyz"))
    writer.styleFeatures = .all
    let concealed = String(
      decoding: writer.frame(from: nil, to: hidden, cursor: .init(column: 0, row: 1)),
      as: UTF8.self)
    #expect(concealed.contains("\u{1B}[0;8mxyz"))
  }
}
