import CVTerm
import TabShellKit

/// The canvas style of each of a terminal's style indices, worked out once and kept while the
/// terminal's tables keep their indices (``TerminalTables/generation``): a frame looks up a style a
/// run of cells. The screen's cells are drawn in reverse video while the program asks for it
/// (DECSCNM); the lines kept were kept so.
struct TerminalCanvasStyles {
  /// The styles as stored, and in reverse video.
  private var styles: [Canvas.Style?] = []
  private var reversed: [Canvas.Style?] = []
  private var generation = -1

  /// Drops what `emulator`'s tables made stale.
  mutating func prepare(for emulator: TerminalEmulator) {
    let generation = emulator.tables.generation
    guard generation != self.generation else { return }
    self.generation = generation
    styles.removeAll(keepingCapacity: true)
    reversed.removeAll(keepingCapacity: true)
  }

  /// The canvas style of a style index of `emulator` (after ``prepare(for:)``), in reverse video
  /// when `reverse`.
  mutating func style(_ index: UInt32, of emulator: TerminalEmulator, reverse: Bool = false)
    -> Canvas.Style
  {
    let slot = Int(index)
    if reverse {
      if slot < reversed.count, let style = reversed[slot] { return style }
    } else if slot < styles.count, let style = styles[slot] {
      return style
    }
    var terminalStyle = emulator.tables.style(index)
    if reverse { terminalStyle.attributes.formSymmetricDifference(.reverse) }
    let style = Self.canvasStyle(terminalStyle)
    if reverse {
      if slot >= reversed.count { reversed += repeatElement(nil, count: slot + 1 - reversed.count) }
      reversed[slot] = style
    } else {
      if slot >= styles.count { styles += repeatElement(nil, count: slot + 1 - styles.count) }
      styles[slot] = style
    }
    return style
  }

  /// A terminal style as the canvas has it.
  static func canvasStyle(_ style: TerminalStyle) -> Canvas.Style {
    // The bits put together here: `insert` on the core's option set is a generic call into a
    // library built for evolution.
    var bits: UInt8 = 0
    let attributes = style.attributes
    if attributes.contains(.bold) { bits |= Canvas.Attributes.bold.rawValue }
    if attributes.contains(.dim) { bits |= Canvas.Attributes.dim.rawValue }
    if attributes.contains(.italic) { bits |= Canvas.Attributes.italic.rawValue }
    if style.underline != .none { bits |= Canvas.Attributes.underline.rawValue }
    if attributes.contains(.reverse) { bits |= Canvas.Attributes.reverse.rawValue }
    if attributes.contains(.strikethrough) { bits |= Canvas.Attributes.strikethrough.rawValue }
    if attributes.contains(.blink) { bits |= Canvas.Attributes.blink.rawValue }
    if attributes.contains(.conceal) { bits |= Canvas.Attributes.conceal.rawValue }
    var canvasStyle = Canvas.Style(
      foreground: style.foreground.canvasColor, background: style.background.canvasColor,
      attributes: Canvas.Attributes(rawValue: bits))
    switch style.underline {
    case .none, .single: break
    case .double: canvasStyle.underlineStyle = .double
    case .curly: canvasStyle.underlineStyle = .curly
    case .dotted: canvasStyle.underlineStyle = .dotted
    case .dashed: canvasStyle.underlineStyle = .dashed
    }
    if style.underline != .none, style.underlineColor != .default {
      canvasStyle.underlineColor = style.underlineColor.canvasColor
    }
    if attributes.contains(.overline) { canvasStyle.isOverlined = true }
    return canvasStyle
  }
}
