import CVTerm
import TestSupport
import Testing

@testable import TabShellTerminalScreen

/// The emulator's own screen layer (``TerminalCells``) keeps the cells libvterm's screen layer
/// would keep for the same bytes: every cell (characters, width, attributes, colours) and every
/// line scrolled off, after each piece of hand-written sequences and of random ones (scroll
/// regions, inserted and deleted lines and characters, erases, wide characters and marks, the
/// alternate screen, reverse video, protected cells, double-width lines, resizes). A sequence is
/// compared up to a resize that would crash libvterm's screen layer or move its cursor above the
/// screen, two faults the emulator's layer does not have, and up to a resize that changes the
/// width or comes while the alternate screen is shown, where the emulator's layer reflows the
/// primary screen's lines as tmux does (TerminalReflowTests) and libvterm's cuts them.
@Suite struct TerminalCellsTests {
  /// libvterm with its own screen layer, fed what the emulator is fed.
  final class Reference {
    let terminal: OpaquePointer
    let screen: OpaquePointer
    var scrollback: [[VTermScreenCell]] = []
    private let callbacks = UnsafeMutablePointer<VTermScreenCallbacks>.allocate(capacity: 1)
    private var parameterGuard = ParameterGuard()

    init(rows: Int, columns: Int) {
      terminal = vterm_new(Int32(rows), Int32(columns))
      vterm_set_utf8(terminal, 1)
      screen = vterm_obtain_screen(terminal)
      callbacks.initialize(to: VTermScreenCallbacks())
      callbacks.pointee.sb_pushline = { count, cells, user in
        guard let cells, let user else { return 0 }
        let reference = Unmanaged<Reference>.fromOpaque(user).takeUnretainedValue()
        reference.scrollback.append(Array(UnsafeBufferPointer(start: cells, count: Int(count))))
        return 1
      }
      callbacks.pointee.settermprop = { property, value, user in
        guard let value, let user, property == VTERM_PROP_ALTSCREEN else { return 1 }
        let reference = Unmanaged<Reference>.fromOpaque(user).takeUnretainedValue()
        reference.isAlternate = value.pointee.boolean != 0
        return 1
      }
      callbacks.pointee.sb_popline = { count, cells, user in
        guard let cells, let user else { return 0 }
        let reference = Unmanaged<Reference>.fromOpaque(user).takeUnretainedValue()
        guard let line = reference.scrollback.popLast() else { return 0 }
        var blank = VTermScreenCell()
        blank.width = 1
        vterm_state_get_default_colors(
          vterm_obtain_state(reference.terminal), &blank.fg, &blank.bg)
        for index in 0..<Int(count) { cells[index] = index < line.count ? line[index] : blank }
        return 1
      }
      vterm_screen_set_callbacks(screen, callbacks, Unmanaged.passUnretained(self).toOpaque())
      vterm_screen_enable_altscreen(screen, 1)
      vterm_screen_reset(screen, 1)
      TerminalEmulator.input(TerminalEmulator.resetSavedCursor, to: terminal)
    }

    deinit {
      vterm_free(terminal)
      callbacks.deallocate()
    }

    /// Writes through the guard, settling as the emulator does.
    func write(_ bytes: [UInt8]) {
      let terminal = terminal
      bytes.withUnsafeBytes { raw in
        parameterGuard.filter(raw) { piece in
          guard let base = piece.baseAddress, piece.count > 0 else { return }
          _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), piece.count)
        } settle: {
          settle()
        } replace: { replacement in
          TerminalEmulator.perform(replacement, on: terminal)
        }
      }
    }

    private var resetsRegion = false
    /// Whether a resize would have put the cursor above the screen or crashed libvterm: what
    /// follows differs on purpose.
    private(set) var leftTheScreen = false

    private func settle() {
      TerminalEmulator.settle(terminal, resetsRegion: &resetsRegion)
    }

    /// Whether the alternate screen is shown (the mode libvterm's state reports).
    var isAlternate = false

    /// Resizes as the emulator does.
    func resize(rows: Int, columns: Int) {
      var oldRows: Int32 = 0
      var oldColumns: Int32 = 0
      vterm_get_size(terminal, &oldRows, &oldColumns)
      guard rows != oldRows || columns != oldColumns else { return }
      var cursor = VTermPos()
      vterm_state_get_cursorpos(vterm_obtain_state(terminal), &cursor)
      // libvterm's screen layer moves the cursor above the top when the screen shrinks with it
      // near the top and something below the new bottom (and then crashes, or writes outside its
      // arrays); the emulator keeps the cursor on the screen.
      var row = Int(oldRows) - 1
      while row >= rows, row != Int(cursor.row),
        vterm_screen_is_eol(screen, VTermPos(row: Int32(row), col: 0)) != 0
      {
        row -= 1
      }
      if !isAlternate, row + 1 - rows > Int(cursor.row) {
        leftTheScreen = true
        return
      }
      // A line coming back from the scrollback with a wide character in its last column crashes
      // libvterm's screen layer (it marks the column past the edge); the emulator cuts it.
      let returning = isAlternate ? [] : scrollback.suffix(max(0, rows - Int(oldRows)))
      if returning.contains(where: { line in
        line.indices.contains { $0 >= columns - 1 && line[$0].width == 2 }
      }) {
        leftTheScreen = true
        return
      }
      TerminalEmulator.resize(
        terminal, rows: rows, columns: columns, parameterGuard: &parameterGuard,
        resetsRegion: &resetsRegion)
    }

    /// The cursor's row and column.
    var cursor: (row: Int, column: Int) {
      var position = VTermPos()
      vterm_state_get_cursorpos(vterm_obtain_state(terminal), &position)
      return (Int(position.row), Int(position.col))
    }

    func cell(row: Int, column: Int) -> VTermScreenCell {
      var cell = VTermScreenCell()
      _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell)
      return cell
    }
  }

  static func isBlank(_ cell: VTermScreenCell) -> Bool {
    var background = cell.bg
    return (cell.chars.0 == 0 || cell.chars.0 == 32)
      && tabshell_vterm_color_is_default_bg(&background) != 0
  }

  /// A cell as compared: its characters (a base and its marks), width, the attributes both
  /// layers keep, colours. An empty cell is only its background (TabShell erases with the pen's
  /// background alone, as xterm and tmux do, libvterm with the whole pen), and so is a space that
  /// shows nothing more (the lines kept leave their trailing blanks out, and when they come back
  /// are as long as they were kept); the cell behind a wide character is only that (libvterm
  /// leaves the rest of it as it was).
  struct Described: Equatable, CustomStringConvertible {
    var characters: [UInt32]
    var width = 1
    var attributes: [Int] = []
    var foreground = TerminalColor.default
    var background = TerminalColor.default

    var description: String {
      "\(characters) w\(width) \(attributes) \(foreground.packed) \(background.packed)"
    }

    /// Whether it shows nothing at the end of a line (left out of a line kept).
    var isTrailingBlank: Bool { characters.isEmpty && background == .default }

    /// A cell with characters, or an empty one (its background), or a continuation.
    init(characters: [UInt32], width: Int, style: TerminalStyle) {
      self.characters = characters == [32] && style.isBlankable ? [] : characters
      background = style.background
      if characters == [TerminalCells.continuation] {
        background = .default
        return
      }
      guard !self.characters.isEmpty else { return }
      self.width = width
      foreground = style.foreground
      let flags = style.attributes
      attributes = [
        flags.contains(.bold) ? 1 : 0, Int(style.underline.rawValue),
        flags.contains(.italic) ? 1 : 0, flags.contains(.blink) ? 1 : 0,
        flags.contains(.reverse) ? 1 : 0, flags.contains(.strikethrough) ? 1 : 0,
      ]
    }
  }

  /// libvterm's cell, described.
  static func describe(_ cell: VTermScreenCell) -> Described {
    var characters: [UInt32] = []
    withUnsafeBytes(of: cell.chars) { raw in
      for value in raw.bindMemory(to: UInt32.self) {
        if value == 0 { break }
        characters.append(value)
        if value == TerminalCells.continuation { break }
      }
    }
    let attributes = cell.attrs
    var style = TerminalStyle(
      foreground: TerminalColor(cell.fg), background: TerminalColor(cell.bg))
    for (flag, attribute) in [
      (attributes.bold, TerminalStyle.Attributes.bold), (attributes.italic, .italic),
      (attributes.blink, .blink), (attributes.reverse, .reverse),
      (attributes.strike, .strikethrough),
    ] where flag != 0 {
      style.attributes.insert(attribute)
    }
    style.underline = TerminalStyle.Underline(rawValue: UInt8(attributes.underline)) ?? .none
    return Described(characters: characters, width: Int(cell.width), style: style)
  }

  /// The emulator's cell of `width` columns, described: as shown on the screen (reverse video
  /// applied), or as kept.
  static func describe(
    _ cell: TabShellCell, width: Int, in emulator: TerminalEmulator, kept: Bool = false
  ) -> Described {
    let characters =
      cell.glyph == TerminalCells.continuation
      ? [cell.glyph] : emulator.tables.scalars(of: cell.glyph)
    let style = kept ? emulator.tables.style(cell.style) : emulator.style(of: cell)
    return Described(characters: characters, width: width, style: style)
  }

  /// A line without its trailing blanks.
  static func trimmed(_ line: [Described]) -> [Described] {
    var line = line
    while let last = line.last, last.isTrailingBlank { line.removeLast() }
    return line
  }

  /// The emulator's kept lines, described.
  static func keptLines(_ emulator: TerminalEmulator) -> [[Described]] {
    (0..<emulator.scrollback.count).map { index in
      let cells = emulator.keptLine(index)
      return trimmed(
        cells.indices.map { column in
          let wide =
            column + 1 < cells.count && cells[column + 1].glyph == TerminalCells.continuation
          return describe(cells[column], width: wide ? 2 : 1, in: emulator, kept: true)
        })
    }
  }

  /// Every difference between the emulator's cells and scrollback and the reference's.
  static func differences(_ emulator: TerminalEmulator, _ reference: Reference) -> [String] {
    var found: [String] = []
    for row in 0..<emulator.rows {
      for column in 0..<emulator.columns {
        let ours = describe(
          emulator.cell(row: row, column: column),
          width: emulator.width(row: row, column: column), in: emulator)
        let theirs = describe(reference.cell(row: row, column: column))
        if ours != theirs { found.append("(\(row), \(column)): \(ours) ≠ \(theirs)") }
      }
    }
    let ours = keptLines(emulator)
    let theirs = reference.scrollback.map { trimmed($0.map(describe)) }
    if ours != theirs {
      let line = ours.indices.first { $0 < theirs.count && ours[$0] != theirs[$0] }
      found.append(
        "scrollback: \(ours.count) lines ≠ \(theirs.count) lines"
          + (line.map { ", line \($0): \(ours[$0]) ≠ \(theirs[$0])" } ?? ""))
    }
    return found
  }

  /// The bytes of a piece: its UTF-8, but for U+E000 to U+E0FF, which stand for the single bytes
  /// 0x00 to 0xFF (bytes that are no UTF-8: a character cut, a byte past 0x7F in a sequence).
  static func bytes(_ piece: String) -> [UInt8] {
    var bytes: [UInt8] = []
    for scalar in piece.unicodeScalars {
      if (0xE000...0xE0FF).contains(scalar.value) {
        bytes.append(UInt8(scalar.value - 0xE000))
      } else {
        bytes += Array(String(scalar).utf8)
      }
    }
    return bytes
  }

  /// Feeds both terminals the pieces (a piece `resize R C` resizes both) and compares them (the
  /// cells, the scrollback and the cursor) after each; how many characters the emulator wrote
  /// without libvterm.
  @discardableResult
  static func compare(_ pieces: [String], rows: Int = 6, columns: Int = 12) throws -> Int {
    let emulator = try #require(TerminalEmulator(rows: rows, columns: columns, scrollback: 100))
    let reference = Reference(rows: rows, columns: columns)
    for (index, piece) in pieces.enumerated() {
      if piece.hasPrefix("resize ") {
        let size = piece.split(separator: " ").dropFirst().compactMap { Int($0) }
        // Compared up to a new width, or a resize of the alternate screen: TabShell reflows the
        // primary screen's lines as tmux does (TerminalReflowTests), libvterm cuts them.
        if size[1] != emulator.columns || reference.isAlternate { return emulator.plainCharacters }
        emulator.resize(rows: size[0], columns: size[1])
        reference.resize(rows: size[0], columns: size[1])
        if reference.leftTheScreen {
          // Compared up to here: the emulator keeps the cursor on the screen and cuts a wide
          // character at the edge, libvterm does not.
          #expect(emulator.cursor.row >= 0)
          return emulator.plainCharacters
        }
      } else {
        let bytes = bytes(piece)
        bytes.withUnsafeBytes { emulator.write($0) }
        reference.write(bytes)
      }
      var found = differences(emulator, reference)
      if emulator.cursor != reference.cursor {
        found.append("cursor \(emulator.cursor) ≠ \(reference.cursor)")
      }
      #expect(found.isEmpty, "after piece \(index) \(piece.debugDescription): \(found.prefix(5))")
      if !found.isEmpty { break }
    }
    return emulator.plainCharacters
  }

  static let csi = "\u{1B}["

  static let handWritten: [[String]] = [
    // Lines scrolling off, with colours and attributes.
    [
      "one\r\n", "\(csi)1;31mtwo\(csi)0m\r\n", "3\r\n4\r\n5\r\n6\r\n7\r\n8 eight eight eight eight",
    ],
    // A scroll region: nothing goes to the scrollback from inside it.
    [
      "a\r\nb\r\nc\r\nd\r\ne\r\nf", "\(csi)2;4r\(csi)4;1H\r\nX\r\nY\r\nZ",
      "\(csi)r\(csi)6;1H\r\n\r\n",
    ],
    // Inserted and deleted lines and characters, erases, background colours.
    [
      "abcdefghij\r\nklmnopqrst", "\(csi)1;3H\(csi)2@\(csi)3P", "\(csi)44m\(csi)2;5H\(csi)K",
      "\(csi)1;1H\(csi)L\(csi)3M", "\(csi)2X\(csi)J\(csi)1J\(csi)2J", "\(csi)0m\(csi)3S\(csi)2T",
    ],
    // Wide characters, marks, a wide character overwritten by half.
    ["漢字かな\r\n", "e\u{301}a\u{308}\u{323}\r\n", "漢字\(csi)3;2Hx", "\(csi)1;11H漢漢"],
    // The alternate screen and back; reverse video.
    [
      "main\r\n", "\(csi)?1049halt\r\nscreen", "\r\n\r\n\r\n\r\n\r\n\r\n", "\(csi)?1049l",
      "\(csi)?5hx", "\(csi)?5l",
    ],
    // Protected cells left by a selective erase.
    ["\(csi)1\"qsafe\(csi)0\"q open", "\(csi)?2J", "\r\n\(csi)1\"qab\(csi)0\"qcd\(csi)?K"],
    // Double-width and double-height lines.
    ["left right side\r\n", "\u{1B}#6\r\n\u{1B}#3top\r\n\u{1B}#4bottom", "\u{1B}#5"],
    // Left and right margins.
    [
      "\(csi)?69h\(csi)3;8s", "abcdefghijkl\r\n", "\(csi)2;4r\(csi)4;4H\r\n\r\n",
      "\(csi)@\(csi)P\(csi)S\(csi)T",
    ],
    // Resizes: lines go to the scrollback and come back, columns are cut and padded.
    [
      "1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9 nine nine", "resize 3 12", "resize 8 20",
      "resize 8 5", "resize 6 12", "\(csi)?1049hx", "resize 4 9", "resize 7 12", "\(csi)?1049l",
    ],
  ]

  @Test(arguments: 0..<handWritten.count)
  func handWrittenSequencesKeepTheCellsLibvtermsScreenKeeps(_ index: Int) throws {
    try Self.compare(Self.handWritten[index])
  }

  /// Printable ASCII, which the emulator writes to the cells itself when libvterm would print it
  /// plainly, and what changes how libvterm prints it: its pen, wraps with autowrap on and off,
  /// character sets (designated, shifted, single shifts, a shift inside a string), insert and origin
  /// mode (also set by a first parameter past 31 bits), protected cells, double-width lines, text
  /// after a character not ASCII or cut in two, a mark or REP after a run.
  static let plainText: [String] = [
    "plain text here\r\n", "\(csi)1;31mred text\(csi)0m and more text to wrap, and more",
    "\(csi)?7lno wrap at all in this line\r\n\(csi)?7h", "\u{1B}(0lqqqqqqqqk\u{1B}(B ascii again",
    "\u{0E}abcdefghij\u{0F}efghijklmn\u{1B})0\u{0E}Aqqqqqqqqqq\u{0F}mnopqrstuv",
    "\u{1B}NAqqqqqqqqq \u{1B}*0\u{1B}OAqqqqqqqqq\r\n",
    "\u{1B}nAqqqqqqqqq\u{1B}(A##########\u{0F}##########\u{1B}(B##########",
    "\u{1B}]0;t\u{0E}\u{7}Aqqqqqqqqq\u{0F}qqqqqqqqqq", "\(csi)4hinserted text\(csi)4l over it all",
    "\(csi)2;1H\(csi)4294967300hinserted text\(csi)4l",
    "\(csi)?6hin origin mode\(csi)?6l out of it",
    "\(csi)1\"qprotected cells\(csi)0\"q not protected\(csi)?K", "\u{1B}#6wide line of text\r\n",
    "é then more text é\u{E0C3}cut\u{E0A9}and then text", "the text\u{301}and a mark",
    "abcdefghij\(csi)3b", "\u{1B}Xabcdefghij\u{1B}\\defghijklm", "\u{1B}\u{E0C3}xyzabcdefghij",
    "\u{1B}(\u{E0C3}0qqqqqqqqqq", "\u{1B}c after a reset", "the tail\u{E0C3}",
    "\u{E0A9}and on and on", "\r\na\u{E0C3}\u{1B}Nqqqqqqqqqqqq",
  ]

  @Test func plainTextKeepsTheCellsLibvtermsScreenKeeps() throws {
    let written = try Self.compare(Self.plainText)
    #expect(written > 50)
  }

  @Test func plainTextGoesToTheCellsWithoutLibvtermOnlyWhenItIsPlain() throws {
    let emulator = try #require(TerminalEmulator(rows: 6, columns: 12, scrollback: 10))
    func written(_ text: String) -> Int {
      let before = emulator.plainCharacters
      Self.bytes(text).withUnsafeBytes { emulator.write($0) }
      return emulator.plainCharacters - before
    }
    // The first and last characters go to libvterm; the rest up to the last column but one, and
    // on the next row while enough are left.
    #expect(written("hello world\r\n") == 9)
    #expect(written("0123456789abcdef\r\n") == 10)
    #expect(written("0123456789abcdefghijklmnopq\r\n") == 10 + 10)
    #expect(written("short\r\n") == 0)
    #expect(written("\u{1B}(0qqqqqq\u{1B}(B\r\n") == 0)
    #expect(written("\(Self.csi)4hinserted\(Self.csi)4l\r\n") == 0)
    #expect(written("\(Self.csi)?6hin origin\(Self.csi)?6l") == 0)
    #expect(written("éafter") == 0)
    #expect(written("\r\nab") == 0)
  }

  /// Pieces drawn from the sequences above and more, by a seeded generator.
  static func randomPieces(seed: UInt64, count: Int) -> [String] {
    var generator = SplitMix64(seed: seed)
    let words = [
      "tab", "shell", "漢字", "e\u{301}", "🙂", "x", "\t", "\u{8}", "\r\n", "\r", "\n",
      "lorem ipsum dolor sit", "\u{1B}(0", "\u{1B}(B", "\u{1B})0", "\u{E}", "\u{F}", "\u{1B}N",
      "\u{1B}O", "\u{1B}n", "\u{1B}o", "\u{1B}c", "\u{E0C3}", "\u{E0A9}", "\u{1B}]0;a\u{E}\u{7}",
    ]
    let sequences = [
      "H", "J", "1J", "2J", "K", "1K", "2K", "L", "2M", "@", "3P", "2X", "S", "2T", "r", "?5h",
      "?5l", "?1049h", "?1049l", "?1047h", "?1047l", "1\"q", "0\"q", "?J", "?K", "4h", "4l",
      "?69h", "?69l", "?7l", "?7h", "1;31m", "0m", "7m", "38;5;120m", "48;2;1;2;3m", "2b",
      "?6h", "?6l", "4;20h", "?4h", ">4h", "4294967300h",
    ]
    var pieces: [String] = []
    for _ in 0..<count {
      var piece = ""
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4: piece += words.randomElement(using: &generator) ?? ""
        case 4..<8: piece += csi + (sequences.randomElement(using: &generator) ?? "")
        case 8:
          let top = Int.random(in: 1...6, using: &generator)
          piece += "\(csi)\(Int.random(in: 1...7, using: &generator));\(top)H"
          piece += "\(csi)\(top);\(Int.random(in: top...8, using: &generator))r"
        default:
          piece +=
            [
              "\u{1B}#6", "\u{1B}#3", "\u{1B}#5", "\u{1B}M", "\u{1B}D", "\u{1B}E", "\u{1B}7",
              "\u{1B}8",
            ]
            .randomElement(using: &generator) ?? ""
        }
      }
      if Int.random(in: 0..<12, using: &generator) == 0 {
        piece =
          "resize \(Int.random(in: 2...9, using: &generator)) \(Int.random(in: 3...16, using: &generator))"
      }
      pieces.append(piece)
    }
    return pieces
  }

  @Test(arguments: 0..<40)
  func randomSequencesKeepTheCellsLibvtermsScreenKeeps(_ seed: Int) throws {
    try Self.compare(Self.randomPieces(seed: UInt64(seed), count: 300))
  }

  /// The emulator's own writing of plain text is among what the random sequences compare (not in
  /// every one: a character set or a mode can stay on for long).
  @Test func randomSequencesHaveTextTheEmulatorWritesItself() throws {
    var seedsWithPlainText = 0
    for seed in 0..<40 {
      let emulator = try #require(TerminalEmulator(rows: 6, columns: 12, scrollback: 100))
      for piece in Self.randomPieces(seed: UInt64(seed), count: 300)
      where !piece.hasPrefix("resize") {
        Self.bytes(piece).withUnsafeBytes { emulator.write($0) }
      }
      if emulator.plainCharacters > 0 { seedsWithPlainText += 1 }
    }
    #expect(seedsWithPlainText >= 30)
  }
}

/// What would crash libvterm 0.1.4 or write past its arrays after a resize does not: a cursor
/// restored where it was saved on a taller screen, a scroll region whose top is below a shrunk
/// screen's bottom, the screen shrinking with the cursor near the top and text near the bottom, a
/// line with a wide character in its last column coming back from the scrollback.
@Suite struct TerminalResizeFaultTests {
  static func write(_ text: String, to emulator: TerminalEmulator) {
    Array(text.utf8).withUnsafeBytes { emulator.write($0) }
  }

  static func text(of emulator: TerminalEmulator, row: Int) -> String {
    var text = ""
    for column in 0..<emulator.columns {
      // The cell behind a wide character adds nothing.
      let value = emulator.cell(row: row, column: column).glyph
      guard value != TerminalCells.continuation else { continue }
      text.append(value == 0 ? " " : Character(Unicode.Scalar(value) ?? "?"))
    }
    return text
  }

  @Test func aCursorRestoredAfterTheScreenShrankIsInsideIt() throws {
    let emulator = try #require(TerminalEmulator(rows: 10, columns: 10, scrollback: 10))
    Self.write("\u{1B}[9;9H\u{1B}7", to: emulator)
    emulator.resize(rows: 3, columns: 5)
    Self.write("\u{1B}8", to: emulator)
    #expect(emulator.cursor.row == 2 && emulator.cursor.column == 4)
    Self.write("xy\r\nz", to: emulator)
    #expect(Self.text(of: emulator, row: 2) == "z    ")
    // The same with the alternate screen's restore.
    Self.write("\u{1B}[?1049h", to: emulator)
    emulator.resize(rows: 8, columns: 8)
    Self.write("\u{1B}[8;8H\u{1B}[?1049h", to: emulator)
    emulator.resize(rows: 2, columns: 8)
    Self.write("\u{1B}[?1049l", to: emulator)
    #expect(emulator.cursor.row < 2)
  }

  @Test func aResizeResetsTheMarginsAndKeepsTheCursorInOriginMode() throws {
    let emulator = try #require(TerminalEmulator(rows: 8, columns: 12, scrollback: 10))
    // Left and right margins 4 to 9, origin mode, the cursor at the region's (2, 3): the screen's
    // (1, 5); on the alternate screen, which is not reflowed (on the primary one the cursor goes
    // with its character, to the end of its empty line: TerminalReflowTests).
    Self.write(
      "\u{1B}[?1049h\u{1B}[?69h\u{1B}[4;9s\u{1B}[2;7r\u{1B}[?6h\u{1B}[2;3H", to: emulator)
    #expect(emulator.cursor.row == 2 && emulator.cursor.column == 5)
    emulator.resize(rows: 8, columns: 6)
    #expect(emulator.cursor.row == 2 && emulator.cursor.column == 5)
    // No margins are left: a line inserted at the top moves whole rows down.
    Self.write("\u{1B}[1;1Hab\u{1B}[L", to: emulator)
    #expect(Self.text(of: emulator, row: 1) == "ab    ")
  }

  @Test func aResizeResetsTheScrollRegionAndKeepsTheCursor() throws {
    let emulator = try #require(TerminalEmulator(rows: 10, columns: 6, scrollback: 10))
    Self.write("\u{1B}[6;9r\u{1B}[2;3H", to: emulator)
    emulator.resize(rows: 4, columns: 6)
    #expect(emulator.cursor.row == 1 && emulator.cursor.column == 2)
    // The whole screen scrolls now: its first row goes to the scrollback, the second moves up.
    Self.write("\rtop\u{1B}[4;1H\nbottom", to: emulator)
    #expect(emulator.scrollback.count == 1)
    #expect(Self.text(of: emulator, row: 0) == "top   ")
    #expect(Self.text(of: emulator, row: 3) == "bottom")
  }

  /// A resize while the program's sequence or string is under way (its output cut between two
  /// reads) cancels it, and the rest of it is left out: libvterm acted on that rest (its final
  /// byte, a control inside it, `ESC D`) with the scroll region of the screen before the resize,
  /// whose top was below the shrunk screen's bottom, and scrolled a negative number of rows
  /// (libvterm 0.1.4's `memmove` of a negative size; found by scripts/fuzz terminal under
  /// AddressSanitizer). The screen then scrolls whole, and what follows the sequence shows.
  @Test(arguments: [
    ("\u{1B}[", "\n\n\n"), ("\u{1B}[", "\u{1B}D\u{1B}D"), ("\u{1B}[2", "S"), ("\u{1B}", "D"),
    ("\u{1B}]0;", "\n\n\u{07}"), ("\u{1B}]0;title", "\u{1B}D"), ("\u{1B}[3", "L"),
  ])
  func aSequenceCutByAResizeIsCancelled(opening: String, rest: String) throws {
    let emulator = try #require(TerminalEmulator(rows: 24, columns: 7, scrollback: 10))
    // A scroll region of the last two rows, the cursor on its last, then a sequence begun.
    Self.write("\u{1B}[23r\u{1B}[24;1Hlast" + opening, to: emulator)
    emulator.resize(rows: 10, columns: 7)
    // `~` ends a CSI that is still open (a final byte): `x` is text in every case.
    Self.write(rest + "~x", to: emulator)
    #expect(emulator.rows == 10 && emulator.cursor.row < 10)
    #expect(Self.text(of: emulator, row: emulator.cursor.row).contains("x"))
    // Whole rows scroll now: a newline on the last row moves `end` up with the rest.
    Self.write("\u{1B}[10;1Hend\n", to: emulator)
    #expect(Self.text(of: emulator, row: 8).hasPrefix("end"))
  }

  @Test func aScreenShrinkingUnderACursorNearTheTopKeepsIt() throws {
    let emulator = try #require(TerminalEmulator(rows: 9, columns: 6, scrollback: 10))
    Self.write("\u{1B}[9;1Hlast\u{1B}[2;1Hsecond", to: emulator)
    emulator.resize(rows: 3, columns: 6)
    // One line (the first) goes to the scrollback: the cursor's row is the top.
    #expect(emulator.cursor.row == 0)
    #expect(emulator.scrollback.count == 1)
    #expect(Self.text(of: emulator, row: 0) == "second")
  }

  @Test func aWideCharacterInTheLastColumnGoesToTheNextRowOfANarrowerScreen() throws {
    let emulator = try #require(TerminalEmulator(rows: 2, columns: 6, scrollback: 10))
    Self.write("abcd漢\r\nx\r\ny", to: emulator)
    #expect(emulator.scrollback.count == 1)
    // The line kept reflows to two (the wide character in the next row whole); both come back.
    emulator.resize(rows: 2, columns: 5)
    #expect(emulator.scrollback.count == 2)
    emulator.resize(rows: 4, columns: 5)
    #expect(emulator.scrollback.isEmpty)
    #expect(
      (0..<4).map { Self.text(of: emulator, row: $0) } == ["abcd ", "漢   ", "x    ", "y    "])
    #expect(emulator.width(row: 1, column: 0) == 2 && emulator.isWrapped(row: 0))
  }
}
