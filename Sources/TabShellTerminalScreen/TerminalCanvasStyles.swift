import CVTerm
import TabShellKit

/// A value worked out from each of a terminal's style indices (a canvas style, a grid's stored
/// style), once, and kept while the terminal's tables keep their indices
/// (``TerminalTables/generation``): a frame looks one up a run of cells, or a cell. The screen's
/// cells are drawn in reverse video while the program asks for it (DECSCNM); the lines kept were
/// kept so: each index has a value as stored and one reversed.
struct TerminalStyleTable<Value> {
  private var values: [Value?] = []
  private var reversed: [Value?] = []
  private var generation = -1

  /// Drops what `emulator`'s tables made stale.
  mutating func prepare(for emulator: TerminalEmulator) {
    let generation = emulator.tables.generation
    guard generation != self.generation else { return }
    self.generation = generation
    values.removeAll(keepingCapacity: true)
    reversed.removeAll(keepingCapacity: true)
  }

  /// The value of a style index (after ``prepare(for:)``), in reverse video when `reverse`:
  /// kept, or made by `make` and kept.
  @inline(__always)
  mutating func value(_ index: UInt32, reverse: Bool, make: () -> Value) -> Value {
    if let value = kept(index, reverse: reverse) { return value }
    let value = make()
    keep(value, for: index, reverse: reverse)
    return value
  }

  /// The value kept for a style index, if any.
  @inline(__always)
  func kept(_ index: UInt32, reverse: Bool) -> Value? {
    let slot = Int(index)
    if reverse { return slot < reversed.count ? reversed[slot] : nil }
    return slot < values.count ? values[slot] : nil
  }

  /// Keeps `value` for a style index.
  mutating func keep(_ value: Value, for index: UInt32, reverse: Bool) {
    let slot = Int(index)
    if reverse {
      if slot >= reversed.count { reversed += repeatElement(nil, count: slot + 1 - reversed.count) }
      reversed[slot] = value
    } else {
      if slot >= values.count { values += repeatElement(nil, count: slot + 1 - values.count) }
      values[slot] = value
    }
  }
}

/// The canvas style of each of a terminal's style indices (``TerminalStyleTable``).
struct TerminalCanvasStyles {
  private var table = TerminalStyleTable<Canvas.Style>()

  /// Drops what `emulator`'s tables made stale.
  mutating func prepare(for emulator: TerminalEmulator) { table.prepare(for: emulator) }

  /// The canvas style of a style index of `emulator` (after ``prepare(for:)``), in reverse video
  /// when `reverse`.
  mutating func style(_ index: UInt32, of emulator: TerminalEmulator, reverse: Bool = false)
    -> Canvas.Style
  {
    table.value(index, reverse: reverse) {
      var terminalStyle = emulator.tables.style(index)
      if reverse { terminalStyle.attributes.formSymmetricDifference(.reverse) }
      return Self.canvasStyle(terminalStyle)
    }
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
