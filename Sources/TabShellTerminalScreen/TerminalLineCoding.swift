import CVTerm

/// How the scrollback keeps a line of cells (``TerminalScrollback``): as bytes, a plain cell in
/// one. Its style and clusters go with it, not through the terminal's tables, so that the tables
/// hold only what the screens use.
///
/// - A cell of a printable ASCII character (or an empty cell, 0) in the current style: its byte.
/// - A cell of another scalar: its UTF-8 (a lead byte 0xC2 to 0xF4).
/// - ``style`` and an encoded style (``appendStyle(_:to:)``): the cells after it are in that
///   style; a line starts in the default one.
/// - ``cluster``, a byte count and UTF-8: a cell of several scalars.
/// - ``continuation``: the cell behind a wide character.
enum TerminalLineCoding {
  /// The byte before a style.
  static let style: UInt8 = 0xF8
  /// The byte before a cluster.
  static let cluster: UInt8 = 0xF9
  /// The byte of a continuation cell.
  static let continuation: UInt8 = 0xFA

  /// Appends the cells of a line to `bytes`, their styles as `tables` has them (reverse video
  /// applied when `reverse`), but for their protection from a selective erase, which is the
  /// screen's (a line taken back from the scrollback is not protected, as in libvterm).
  static func encode(
    _ cells: UnsafeBufferPointer<TabShellCell>, reverse: Bool, tables: TerminalTables,
    into bytes: inout [UInt8]
  ) {
    guard let base = cells.baseAddress else { return }
    let count = cells.count
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
      guard let plain = scratch.baseAddress else { return }
      // The style index of the cells so far (`nil` at the start, where the default style is).
      var current: UInt32?
      var index = 0
      while index < count {
        let cell = base[index]
        if cell.style != current {
          var style = tables.style(cell.style)
          if reverse { style.attributes.formSymmetricDifference(.reverse) }
          style.attributes.remove(.protected)
          if current != nil || style != .default {
            bytes.append(Self.style)
            appendStyle(style, to: &bytes)
          }
          current = cell.style
        }
        // The plain cells that follow in the same style, a byte each (in C: a flood keeps every
        // line it scrolls off).
        let taken = Int(
          tabshell_cells_ascii_bytes(base + index, Int32(count - index), cell.style, plain))
        if taken > 0 {
          bytes.append(contentsOf: UnsafeBufferPointer(start: plain, count: taken))
          index += taken
          continue
        }
        appendGlyph(cell.glyph, tables: tables, to: &bytes)
        index += 1
      }
    }
  }

  /// Appends a glyph that is not ASCII.
  private static func appendGlyph(_ glyph: UInt32, tables: TerminalTables, to bytes: inout [UInt8])
  {
    if glyph == TABSHELL_CONTINUATION {
      bytes.append(continuation)
    } else if glyph & TABSHELL_CLUSTER != 0 {
      let text = tables.text(of: glyph).utf8
      bytes.append(cluster)
      bytes.append(UInt8(clamping: text.count))
      bytes.append(contentsOf: text.prefix(255))
    } else {
      bytes.append(contentsOf: String(Unicode.Scalar(glyph) ?? "\u{FFFD}").utf8)
    }
  }

  /// Decodes a line's bytes into cells, their styles and clusters added to `tables`.
  static func decode(_ bytes: ArraySlice<UInt8>, tables: inout TerminalTables) -> [TabShellCell] {
    var cells: [TabShellCell] = []
    cells.reserveCapacity(bytes.count)
    var style: UInt32 = 0
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      switch byte {
      case 0..<0x80:
        cells.append(TabShellCell(glyph: UInt32(byte), style: style))
        index += 1
      case Self.style:
        index += 1
        let decoded = decodeStyle(bytes, at: &index)
        style = tables.index(of: decoded)
      case Self.cluster:
        let length = index + 1 < end ? Int(bytes[index + 1]) : 0
        let start = min(index + 2, end)
        let stop = min(start + length, end)
        let text = String(decoding: bytes[start..<stop], as: UTF8.self)
        cells.append(TabShellCell(glyph: tables.glyph(of: text), style: style))
        index = stop
      case Self.continuation:
        cells.append(TabShellCell(glyph: TABSHELL_CONTINUATION, style: style))
        index += 1
      default:
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let stop = min(index + length, end)
        let scalar = String(decoding: bytes[index..<stop], as: UTF8.self).unicodeScalars.first
        cells.append(TabShellCell(glyph: scalar?.value ?? 0xFFFD, style: style))
        index = stop
      }
    }
    return cells
  }

  // MARK: Styles

  /// Appends a style: a byte of flags (which parts follow: foreground, background, underline
  /// colour, attributes, underline), then those parts.
  static func appendStyle(_ style: TerminalStyle, to bytes: inout [UInt8]) {
    var flags: UInt8 = 0
    if style.foreground != .default { flags |= 1 }
    if style.background != .default { flags |= 2 }
    if style.underlineColor != .default { flags |= 4 }
    if !style.attributes.isEmpty { flags |= 8 }
    if style.underline != .none { flags |= 16 }
    bytes.append(flags)
    for color in [style.foreground, style.background, style.underlineColor] where color != .default
    {
      bytes.append(UInt8(color.kind))
      if color.kind == 2 { bytes.append(UInt8(color.packed >> 16 & 0xFF)) }
      if color.kind == 2 { bytes.append(UInt8(color.packed >> 8 & 0xFF)) }
      bytes.append(UInt8(color.packed & 0xFF))
    }
    if flags & 8 != 0 {
      bytes.append(UInt8(style.attributes.rawValue & 0xFF))
      bytes.append(UInt8(style.attributes.rawValue >> 8))
    }
    if flags & 16 != 0 { bytes.append(style.underline.rawValue) }
  }

  /// Reads a style that starts at `index`, which is moved past it (a style cut short is read as
  /// far as it goes).
  static func decodeStyle(_ bytes: ArraySlice<UInt8>, at index: inout Int) -> TerminalStyle {
    func next() -> UInt8 {
      guard index < bytes.endIndex else { return 0 }
      defer { index += 1 }
      return bytes[index]
    }
    func color() -> TerminalColor {
      switch next() {
      case 1: return .indexed(next())
      case 2:
        let red = next()
        let green = next()
        return .rgb(red, green, next())
      default: return .default
      }
    }
    var style = TerminalStyle()
    let flags = next()
    if flags & 1 != 0 { style.foreground = color() }
    if flags & 2 != 0 { style.background = color() }
    if flags & 4 != 0 { style.underlineColor = color() }
    if flags & 8 != 0 {
      let low = UInt16(next())
      style.attributes = TerminalStyle.Attributes(rawValue: low | UInt16(next()) << 8)
    }
    if flags & 16 != 0 { style.underline = TerminalStyle.Underline(rawValue: next()) ?? .single }
    return style
  }
}
