/// The region a screen draws into: `width` × `height` cells, each a character with its colours and
/// attributes (``Style``), and a cursor the screen may place while it has the focus.
///
/// Screens never write to the terminal; the host renders the canvas, degrading colours to what the
/// terminal has. Writes are clipped to the region, by display width: a wide (East Asian) character
/// takes two cells, a combining mark none.
public struct Canvas: Sendable {
  /// One cell: a grapheme (empty for the right half of a wide one) and its style.
  public struct Cell: Equatable, Sendable {
    /// The text in the cell: one character, or empty when a wide character to the left covers it.
    public var text: String
    /// Its colours and attributes.
    public var style: Style

    /// Whether the text is bold.
    public var isBold: Bool { style.attributes.contains(.bold) }

    static let blank = Cell(text: " ", style: .plain)
  }

  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row by row.
  public private(set) var rows: [[Cell]]
  /// A colour for the whole region's background, under cells whose own background is the
  /// terminal's.
  public var background: Color = .terminal
  /// Where the terminal's cursor shows while the screen has the focus; `nil` (the default) hides it.
  /// A position outside the region hides it too.
  public var cursor: Cursor?
  /// `nil` for a new canvas, blank. For one the host kept and hands back to the screen that drew
  /// it, the number of that kept canvas (the same each time it comes back): it holds what the
  /// screen drew into it last, so that a screen whose type draws only what changed
  /// (``ScreenType/drawsOnlyChanges``) writes only the rows that changed since, when it drew into
  /// this same canvas last.
  public internal(set) var keptDrawing: Int?
  /// Whether each row was written since the host last took the marks (``takeChangedRows()``).
  private var changed: [Bool]

  /// Makes an empty canvas.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    rows = Array(repeating: Array(repeating: .blank, count: self.width), count: self.height)
    changed = Array(repeating: true, count: self.height)
  }

  /// Marks the canvas kept as drawing `number` (``keptDrawing``), every row unchanged: for a host
  /// that hands it back to the screen that drew it, for its next drawing.
  @_spi(Host)
  public mutating func keep(as number: Int) {
    keptDrawing = number
    for row in changed.indices { changed[row] = false }
  }

  /// The rows written since the canvas was made or last kept (``keep(as:)``), top first.
  @_spi(Host)
  public var changedRows: [Int] { changed.indices.filter { changed[$0] } }

  /// Writes text from a row and column (0-based) in a colour, maybe bold: as
  /// ``write(_:row:column:style:)`` with the colour as 24-bit foreground.
  public mutating func write(
    _ text: String, row: Int, column: Int = 0, color: BarColor? = nil, bold: Bool = false
  ) {
    write(text, row: row, column: column, style: Style(color: color, bold: bold))
  }

  /// Writes text from a row and column (0-based) in a style; whatever falls outside is dropped. A wide
  /// character that would straddle the right edge is dropped whole. Control characters (newlines,
  /// tabs, escapes) are not interpreted: each takes one cell and shows as a blank there, as the bar
  /// shows them, and never joins or hides the character next to it; bidirectional controls are
  /// left out (`blankingControls(_:)`).
  public mutating func write(_ text: String, row: Int, column: Int = 0, style: Style) {
    guard rows.indices.contains(row) else { return }
    changed[row] = true
    if text.unicodeScalars.allSatisfy(standsAlone) {
      writeStandalone(text.unicodeScalars, row: row, column: column, style: style)
      return
    }
    // A control character has no width and would join the cell before it as a mark does; a
    // bidirectional one would reorder what the terminal shows after it.
    let text = blankingControls(text)
    var x = column
    for character in text {
      let w = displayWidth(of: character)
      if w == 0 {
        if x > 0, x - 1 < width {
          // A mark joins the character before it (the left half, for a wide one).
          let target = x >= 2 && rows[row][x - 1].text.isEmpty ? x - 2 : x - 1
          let cell = rows[row][target].text
          if cell.unicodeScalars.count < Self.cellScalarLimit {
            rows[row][target].text = Self.capped(cell + String(character))
          }
        }
        continue
      }
      if x >= width { break }
      if x >= 0, x + w <= width {
        clearWideNeighbours(row: row, from: x, to: x + w - 1)
        rows[row][x] = Cell(text: Self.capped(String(character)), style: style)
        if w == 2 { rows[row][x + 1] = Cell(text: "", style: style) }
      }
      x += w
    }
  }

  /// Writes one character (a grapheme cluster: a base and its marks, a sequence joined by ZWJ...)
  /// into a cell `width` columns wide (1 or 2) at a row and column, whatever width the canvas
  /// would measure it at: for a host that knows the width its terminal gave it (a terminal
  /// emulator's cell, which its program's cursor moved by). Nothing is written where it does not
  /// fit; control characters are blanks.
  @_spi(Host)
  public mutating func write(cluster: String, width: Int, row: Int, column: Int, style: Style) {
    guard rows.indices.contains(row), width == 1 || width == 2, column >= 0,
      column + width <= self.width
    else { return }
    changed[row] = true
    clearWideNeighbours(row: row, from: column, to: column + width - 1)
    let text = Self.capped(blankingControls(cluster))
    rows[row][column] = Cell(text: text.isEmpty ? " " : text, style: style)
    if width == 2 { rows[row][column + 1] = Cell(text: "", style: style) }
  }

  /// Writes text whose scalars all stand alone (``standsAlone(_:)``) a scalar at a time, as
  /// ``write(_:row:column:style:)`` would, without breaking it into graphemes; a scalar the
  /// same as the one before it (a fill) is not measured again.
  private mutating func writeStandalone(
    _ text: String.UnicodeScalarView, row: Int, column: Int, style: Style
  ) {
    var x = column
    var last: (scalar: Unicode.Scalar, width: Int)?
    for scalar in text {
      if x >= width { break }
      let w = last?.scalar == scalar ? last?.width ?? 1 : displayWidth(ofScalar: scalar)
      last = (scalar, w)
      if x >= 0, x + w <= width {
        clearWideNeighbours(row: row, from: x, to: x + w - 1)
        rows[row][x] = Cell(text: String(scalar), style: style)
        if w == 2 { rows[row][x + 1] = Cell(text: "", style: style) }
      }
      x += w
    }
  }

  /// Copies another canvas onto this one with its top-left cell at `row`, `column`, clipped to
  /// this one: its cells, each on the other's background where it has none of its own; a wide
  /// character cut by an edge is a blank. For a host that draws several screens into one region
  /// (a tab's panes); the other's cursor is not copied.
  @_spi(Host)
  public mutating func place(_ other: Canvas, row: Int, column: Int) {
    let first = max(0, column)
    let end = min(width, column + other.width)
    guard first < end else { return }
    for offset in 0..<other.height {
      let y = row + offset
      guard rows.indices.contains(y) else { continue }
      clearWideNeighbours(row: y, from: first, to: end - 1)
      for x in first..<end {
        var cell = other.rows[offset][x - column]
        if cell.style.background == .terminal { cell.style.background = other.background }
        rows[y][x] = cell
      }
      // Half a wide character at either edge shows as a blank.
      if rows[y][first].text.isEmpty {
        rows[y][first] = Cell(text: " ", style: rows[y][first].style)
      }
      let last = end - 1 - column
      if last + 1 < other.width, other.rows[offset][last + 1].text.isEmpty {
        rows[y][end - 1] = Cell(text: " ", style: rows[y][end - 1].style)
      }
    }
  }

  /// Before cells `first...last` are overwritten: a wide character of which only one half would
  /// be overwritten is blanked whole, so that no row is ever wider than the canvas.
  private mutating func clearWideNeighbours(row: Int, from first: Int, to last: Int) {
    if first > 0, rows[row][first].text.isEmpty { rows[row][first - 1] = .blank }
    if last + 1 < width, rows[row][last + 1].text.isEmpty { rows[row][last + 1] = .blank }
  }

  /// Writes text centred on a row (each control character taking a cell, as
  /// ``write(_:row:column:style:)`` writes it).
  public mutating func writeCentered(_ text: String, row: Int, style: Style) {
    let w = displayWidth(of: blankingControls(text))
    write(text, row: row, column: max(0, (width - w) / 2), style: style)
  }

  /// Writes text centred on a row in a colour, maybe bold.
  public mutating func writeCentered(
    _ text: String, row: Int, color: BarColor? = nil, bold: Bool = false
  ) {
    writeCentered(text, row: row, style: Style(color: color, bold: bold))
  }

  /// Gives `count` cells of a row from `column` (to the row's end when `nil`) a style, as blanks:
  /// a selected line's background, a bar.
  public mutating func fill(row: Int, column: Int = 0, count: Int? = nil, style: Style) {
    guard rows.indices.contains(row) else { return }
    let start = max(0, column)
    let end = min(width, count.map { column + max(0, $0) } ?? width)
    guard start < end else { return }
    changed[row] = true
    clearWideNeighbours(row: row, from: start, to: end - 1)
    for x in start..<end { rows[row][x] = Cell(text: " ", style: style) }
  }

  /// The plain text of each row, with no trailing blanks.
  public var lines: [String] {
    rows.map { row in
      var line = row.map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line
    }
  }
}

/// The number of terminal columns a string takes: wide characters count two, combining marks none.
public func displayWidth(of text: some StringProtocol) -> Int {
  var total = 0
  for character in text { total += displayWidth(of: character) }
  return total
}

/// The number of terminal columns one character (a grapheme cluster) takes: 0, 1 or 2.
public func displayWidth(of character: Character) -> Int {
  let scalars = character.unicodeScalars
  guard let first = scalars.first else { return 0 }
  let isSingle = scalars.index(after: scalars.startIndex) == scalars.endIndex
  if first.value < 0x7F, isSingle || first.value < 0x20 { return first.value < 0x20 ? 0 : 1 }
  if !isSingle {
    // Emoji presentation (a keycap, "❤️") and flags (two regional indicators) show two columns wide.
    if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
  }
  var width = 0
  for scalar in scalars {
    width = max(width, displayWidth(of: scalar))
    if width == 2 { break }
  }
  return width
}

/// Whether a scalar is a character on its own whatever is next to it: no mark, joiner, variation
/// selector, control, jamo or regional indicator is among these (printable ASCII, Latin after it,
/// symbols and box drawing, CJK ideographs, Hangul syllables), so that text made of them needs no
/// grapheme breaking: each scalar is a character. For hosts that write text cell by cell.
@_spi(Host)
public func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x20...0x7E, 0xA0...0x2FF, 0x2100...0x2BFF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
  default: false
  }
}

/// The columns a scalar that stands alone (``standsAlone(_:)``) takes: what
/// ``displayWidth(of:)-(Character)`` says of it as a character, measured without making one.
@_spi(Host)
public func displayWidth(ofScalar scalar: Unicode.Scalar) -> Int {
  scalar.value < 0x7F ? (scalar.value < 0x20 ? 0 : 1) : displayWidth(of: scalar)
}

func displayWidth(of scalar: Unicode.Scalar) -> Int {
  let v = scalar.value
  // As glibc's wcwidth: the soft hyphen and the prepended concatenation marks take a column,
  // Hangul medial vowels and final consonants join the syllable before them.
  switch v {
  // Latin after ASCII, and box drawing, blocks and geometric shapes (what frames are drawn with):
  // one column, no mark or format character among them, so no property lookup.
  case 0xA0...0x2FF, 0x2500...0x25FC: return 1
  case 0xAD, 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return 1
  case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x1171E: return 0
  default: break
  }
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format, .control: return 0
  default: break
  }
  if v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
  return isWide(v) ? 2 : 1
}

private func isWide(_ v: UInt32) -> Bool {
  switch v {
  case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
    0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
    0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
    0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
    0x3041...0x33FF, 0x3400...0x4DBF, 0x4DC0...0x4DFF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F,
    0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18D08,
    0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF,
    0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
    0x1F32D...0x1F335,
    0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
    0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC,
    0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596,
    0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2,
    0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
    0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
    return true
  default:
    return false
  }
}

extension Canvas {
  /// The most scalars a cell keeps, a character and its marks: terminals show a few, and a cell
  /// written with thousands would be copied, compared and written out with every frame.
  static let cellScalarLimit = 16

  /// `text` cut after its first ``cellScalarLimit`` scalars.
  static func capped(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard
      let end = scalars.index(
        scalars.startIndex, offsetBy: cellScalarLimit, limitedBy: scalars.endIndex),
      end != scalars.endIndex
    else { return text }
    return String(scalars[..<end])
  }
}
