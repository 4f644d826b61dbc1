import CVTerm
import TabShellKit

/// One terminal emulated by libvterm: what a program writes goes in (``write(_:)``), the screen's
/// cells, the cursor and the modes the program set come out, and what the terminal answers or
/// sends the program (replies to queries, encoded keys) is handed to ``onOutput``.
///
/// Nothing the program writes goes anywhere else: a mode sequence changes this emulator's state
/// only; a title (OSC 0 or 2), the bell and the text an OSC 52 sets are kept for the screen to
/// take (``takeTitle()``, ``takeBell()``, ``takeClipboard()``) and hand to the shell.
///
/// Isolation: used on the thread that owns the shell; libvterm calls back on it, from inside
/// ``write(_:)`` and the keyboard calls.
final class TerminalEmulator {
  /// The terminal's rows.
  var rows: Int { cells.pointee.rows }
  /// The terminal's columns.
  var columns: Int { cells.pointee.columns }
  /// Whether the program turned mouse reporting on.
  var mouseReporting: Bool { cells.pointee.reports.pointee.mouseReporting }
  /// Whether the program shows the cursor.
  var cursorVisible: Bool { cells.pointee.reports.pointee.cursorVisible }
  /// The cursor's shape the program set (DECSCUSR), the default until it sets one.
  var cursorShape: Canvas.CursorShape { cells.pointee.reports.pointee.cursorShape }
  /// Its DECSCUSR number (``TabShellKit/Canvas/CursorShape/code``), read without the core's
  /// resilient value (each echo a terminal tab draws places the cursor).
  var cursorShapeCode: UInt8 { cells.pointee.reports.pointee.cursorShapeCode }
  /// The lines scrolled off the top, oldest first, at most ``scrollbackLimit`` of them and
  /// ``scrollbackByteLimit`` bytes.
  var scrollback: TerminalScrollback { cells.pointee.scrollback.pointee }
  /// The most lines ``scrollback`` keeps.
  var scrollbackLimit: Int { cells.pointee.scrollback.pointee.limit }
  /// The most bytes ``scrollback`` keeps.
  var scrollbackByteLimit: Int { cells.pointee.scrollback.pointee.byteLimit }
  /// How many lines the view is scrolled back from the live screen (0: not scrolled back), at most
  /// `scrollback.count`: the lines that scroll off while it is scrolled back add to it, so that
  /// the view stays on the same lines.
  var scrolledBack: Int {
    get { cells.pointee.scrollback.pointee.scrolledBack }
    set { cells.pointee.scrollback.pointee.scrolledBack = newValue }
  }
  /// Gets the bytes the terminal sends the program (libvterm's own buffer, for the call's
  /// length: an encoded key goes on without an array made of it).
  var onOutput: (UnsafeRawBufferPointer) -> Void = { _ in }
  /// The outer terminal's default colours, answered to OSC 10 and 11 instead of libvterm's.
  var outerColors = OuterColors()

  private let terminal: OpaquePointer
  let state: OpaquePointer
  /// The screens' cells and what the program reported, which the state layer's callbacks write.
  let cells: UnsafeMutablePointer<TerminalCells>
  private let callbacks: UnsafeMutablePointer<VTermStateCallbacks>
  /// What libvterm's state hands on of the sequences it does not know (``fallbacks``).
  private let unrecognised: UnsafeMutablePointer<VTermParserCallbacks>
  private var parameterGuard = ParameterGuard()
  /// Whether the scroll region is to be reset at the next point between sequences (``settle()``).
  private var resetsRegion = false
  /// The text the last OSC 52 the program wrote that sets one set (``ProgramClipboard``), until
  /// taken (``takeClipboard()``).
  var clipboard: String?

  /// The most bytes of scrollback a terminal keeps unless told (`--scrollback-bytes`): 32 MiB.
  static let defaultScrollbackBytes = 32 << 20

  /// Makes a terminal of `rows` × `columns` (UTF-8, alternate screen on) that keeps up to
  /// `scrollback` lines and `scrollbackBytes` bytes of them; `nil` when libvterm cannot allocate
  /// one.
  init?(rows: Int, columns: Int, scrollback: Int, scrollbackBytes: Int = defaultScrollbackBytes) {
    let rows = max(1, rows)
    let columns = max(Self.fewestColumns, columns)
    // The glyph callback finds the rows and the pen at the address of the cells (a layout fact,
    // checked by every test that makes a terminal).
    precondition(TerminalCells.headIsFirst, "TerminalCells' head is not its first property")
    guard let terminal = vterm_new(Int32(rows), Int32(columns)) else { return nil }
    self.terminal = terminal
    vterm_set_utf8(terminal, 1)
    state = vterm_obtain_state(terminal)
    cells = .allocate(capacity: 1)
    cells.initialize(
      to: TerminalCells(
        rows: rows, columns: columns, scrollback: scrollback, scrollbackBytes: scrollbackBytes,
        state: state))
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: TerminalCells.stateCallbacks)
    vterm_state_set_callbacks(state, callbacks, UnsafeMutableRawPointer(cells))
    unrecognised = .allocate(capacity: 1)
    unrecognised.initialize(to: Self.fallbacks)
    vterm_output_set_callback(
      terminal, Self.outputCallback, Unmanaged.passUnretained(self).toOpaque())
    vterm_state_set_unrecognised_fallbacks(
      state, unrecognised, Unmanaged.passUnretained(self).toOpaque())
    vterm_state_reset(state, 1)
    Self.input(Self.resetSavedCursor, to: terminal)
  }

  deinit {
    vterm_free(terminal)
    cells.pointee.deallocate()
    cells.deinitialize(count: 1)
    cells.deallocate()
    callbacks.deinitialize(count: 1)
    callbacks.deallocate()
    unrecognised.deinitialize(count: 1)
    unrecognised.deallocate()
  }

  /// How many writes and resizes it took: the cells change through nothing else (libvterm calls
  /// the cells back only while it takes bytes in), so while this count stays no row is damaged.
  private(set) var contentChanges = 0

  /// Takes in what the program wrote (a CSI's parameters past libvterm's 16 slots left out:
  /// ``ParameterGuard``; room left after text for libvterm's UTF-8 decoder: ``DecoderRoom``).
  func write(_ bytes: UnsafeRawBufferPointer) {
    contentChanges &+= 1
    let terminal = terminal
    parameterGuard.filter(bytes) { piece in
      guard piece.count > 0 else { return }
      DecoderRoom.withRoom(piece) { piece in
        guard let base = piece.baseAddress else { return }
        _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), piece.count)
      }
    } settle: {
      settle()
    } replace: { replacement in
      // Several modes one at a time, as one each would be done.
      guard case .modes(let numbers, let isPrivate, let set) = replacement else {
        return self.perform(replacement)
      }
      for number in numbers { self.perform(.modes([number], isPrivate: isPrivate, set: set)) }
    } clipboard: { string in
      if let text = ProgramClipboard.text(of: string) { self.clipboard = text }
    } plain: { run in
      self.writePlainly(run)
    }
    cells.pointee.collectIfNeeded()
    cells.pointee.pendingCursor = nil
  }

  /// Does what the guard took from libvterm (``Replacement``): libvterm's part first (its pen left
  /// alone for an SGR, which the cells' pen follows), then the cells'.
  private func perform(_ replacement: Replacement) {
    if case .sgr = replacement { cells.pointee.followsLibvtermPen = false }
    Self.perform(replacement, on: terminal)
    cells.pointee.followsLibvtermPen = true
    cells.pointee.follow(replacement)
    Self.restoreReflowedCursor(after: replacement, cells: cells, terminal: terminal)
  }

  /// After a cursor restored (`CSI ? 1049 l`) on a primary screen reflowed when it was shown
  /// again, moves libvterm's cursor where its character went (``TerminalCells/pendingCursor``).
  private static func restoreReflowedCursor(
    after replacement: Replacement, cells: UnsafeMutablePointer<TerminalCells>,
    terminal: OpaquePointer
  ) {
    switch replacement {
    case .cursorRestored, .restoreCursor: break
    case .modes(let numbers, isPrivate: true, set: false)
    where numbers.contains(1048) || numbers.contains(1049):
      break
    default: return
    }
    guard let target = cells.pointee.pendingCursor else { return }
    cells.pointee.pendingCursor = nil
    input("\u{1B}[\(target.row + 1);\(target.column + 1)H", to: terminal)
  }

  /// How many characters went to the cells without libvterm (``writePlainly(_:)``), for tests and
  /// benchmarks.
  private(set) var plainCharacters = 0

  /// Writes printable ASCII that libvterm prints plainly to the cells itself, as libvterm's state
  /// would: the characters of `run` after its first, which libvterm has just printed, up to the
  /// row's last column but one (that column takes a wrap). Then libvterm's cursor is moved past
  /// them (CUF, which origin mode, off, does not bound). How many it wrote.
  ///
  /// libvterm's state spends about 190 instructions on a character (parsing, decoding, the width
  /// and combining lookups, the callback); this a few, which is most of what a flood of text costs.
  private func writePlainly(_ run: UnsafeRawBufferPointer) -> Int {
    var cursor = VTermPos()
    vterm_state_get_cursorpos(state, &cursor)
    let row = Int(cursor.row)
    let column = Int(cursor.col)
    guard row >= 0, row < rows, let printed = run.first else { return 0 }
    let isDoubleWidth = vterm_state_get_lineinfo(state, cursor.row)?.pointee.doublewidth ?? 0 != 0
    let count = min(run.count - 1, (isDoubleWidth ? columns / 2 : columns) - 1 - column)
    guard count > 0,
      cells.pointee.writePlainly(
        UnsafeRawBufferPointer(rebasing: run[1...count]), after: printed, row: row, column: column)
    else { return 0 }
    moveCursor(forward: count)
    assert(self.cursor == (row, column + count), "libvterm's cursor is not past the plain text")
    plainCharacters += count
    return count
  }

  /// Moves libvterm's cursor `count` columns right (CUF), with no allocation: it is done for every
  /// run of plain text.
  private func moveCursor(forward count: Int) {
    // ESC [, up to 19 digits, C.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 22) { buffer in
      buffer[0] = 0x1B
      buffer[1] = 0x5B
      var digits = 0
      var rest = count
      repeat {
        digits += 1
        rest /= 10
      } while rest > 0
      rest = count
      for place in stride(from: digits + 1, through: 2, by: -1) {
        buffer[place] = CChar(0x30 + rest % 10)
        rest /= 10
      }
      buffer[digits + 2] = 0x43
      _ = vterm_input_write(terminal, buffer.baseAddress, digits + 3)
    }
  }

  /// Puts libvterm's state back inside the screen, between two sequences of the program's: after
  /// a resize the scroll region is reset, as tmux and xterm do, and the left and right margins
  /// (libvterm 0.1.4 keeps a region's top below a shrunk screen's bottom, and its next scroll
  /// writes past its arrays; a left margin past a narrowed screen's right edge), the cursor
  /// staying where it is; after a cursor restore, a cursor outside the screen is moved in.
  private func settle() {
    Self.settle(terminal, resetsRegion: &resetsRegion)
  }

  /// Settles the state of libvterm's `terminal` as ``settle()`` does (the tests' reference
  /// terminal, on libvterm's own screen layer, settles with it too), `resetsRegion` then false.
  static func settle(_ terminal: OpaquePointer, resetsRegion: inout Bool) {
    var cursor = VTermPos()
    vterm_state_get_cursorpos(vterm_obtain_state(terminal), &cursor)
    var rows: Int32 = 0
    var columns: Int32 = 0
    vterm_get_size(terminal, &rows, &columns)
    let sequence = settling(
      cursor: cursor, rows: Int(rows), columns: Int(columns), resetsRegion: resetsRegion)
    resetsRegion = false
    if let sequence { input(sequence, to: terminal) }
  }

  /// What ``settle()`` writes with the cursor at `cursor`, or `nil`.
  static func settling(cursor: VTermPos, rows: Int, columns: Int, resetsRegion: Bool) -> String? {
    // DECSTBM and DECSLRM (libvterm 0.1.4 takes `CSI s` for DECSLRM whatever the margin mode)
    // with no parameters, then the cursor back: with the margins gone, origin mode moves it none.
    if resetsRegion {
      return "\u{1B}[r\u{1B}[s\u{1B}[\(max(0, cursor.row) + 1);\(max(0, cursor.col) + 1)H"
    }
    // A mode set that changes nothing: libvterm bounds the cursor after every CSI.
    if Int(cursor.row) >= rows || Int(cursor.col) >= columns { return "\u{1B}[?0h" }
    return nil
  }

  /// Writes the emulator's own sequence to libvterm, past the guard.
  static func input(_ sequence: String, to terminal: OpaquePointer) {
    var sequence = sequence
    sequence.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { characters in
        _ = vterm_input_write(terminal, characters.baseAddress, characters.count)
      }
    }
  }

  /// Takes in text as if the program wrote it (the `[exited STATUS]` line).
  func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// The fewest columns libvterm is given (a region narrower shows the first of them): on a
  /// double-width line of a one-column screen libvterm 0.1.4 puts the cursor at column -1 (half
  /// the columns, less one), and a tab stop set there (HTS) is written before its table of tab
  /// stops, a heap overflow a program could cause (`ESC # 4`, `ESC # 8`, `ESC H`; found by
  /// scripts/fuzz terminal under AddressSanitizer).
  static let fewestColumns = 2

  /// Changes the terminal's size (at least ``fewestColumns``); lines scrolled off come back when
  /// it grows.
  func resize(rows: Int, columns: Int) {
    let rows = max(1, rows)
    let columns = max(Self.fewestColumns, columns)
    guard rows != self.rows || columns != self.columns else { return }
    contentChanges &+= 1
    Self.resize(
      terminal, rows: rows, columns: columns, parameterGuard: &parameterGuard,
      resetsRegion: &resetsRegion)
    cells.pointee.collectIfNeeded()
  }

  /// Resizes libvterm's `terminal` and settles it (``settle()``) at once; the tests' reference
  /// terminal resizes with it too. A sequence or string under way (the program's output cut
  /// between two reads) is cancelled first (CAN), its rest left out by the guard: libvterm would
  /// act on that rest (its final byte, a control inside it, `ESC D`) with the scroll region of the
  /// screen before the resize, and libvterm 0.1.4 scrolled a negative number of rows when its top
  /// was below the shrunk screen's bottom (a `memmove` of a negative size; found by scripts/fuzz
  /// terminal under AddressSanitizer).
  static func resize(
    _ terminal: OpaquePointer, rows: Int, columns: Int, parameterGuard: inout ParameterGuard,
    resetsRegion: inout Bool
  ) {
    vterm_set_size(terminal, Int32(rows), Int32(columns))
    resetsRegion = true
    if !parameterGuard.isBetweenSequences {
      input("\u{18}", to: terminal)
      parameterGuard.discardRestOfSequence()
    }
    settle(terminal, resetsRegion: &resetsRegion)
  }

  /// The cell at a row and column of the screen (0-based): its glyph and the index of its style.
  func cell(row: Int, column: Int) -> TabShellCell {
    cells.pointee.cell(row: row, column: column)
  }

  /// The width of the cell at a row and column of the screen: 1, or 2 for a wide character.
  func width(row: Int, column: Int) -> Int {
    cells.pointee.width(row: row, column: column)
  }

  /// The rows of the screen, top first, for reading a row's cells in place (``columns`` each).
  var screenRows: UnsafeMutablePointer<UnsafeMutablePointer<TabShellCell>> { cells.pointee.lines }

  /// A cell's style as shown (reverse video applied).
  func style(of cell: TabShellCell) -> TerminalStyle {
    cells.pointee.style(of: cell)
  }

  /// Whether the screen is in reverse video (DECSCNM).
  var isReverse: Bool { cells.pointee.reverse }

  /// The text of a cell's glyph: its character and marks, nothing for an empty cell or the cell
  /// behind a wide character.
  func text(of glyph: UInt32) -> String {
    cells.pointee.tables.text(of: glyph)
  }

  /// The styles and clusters the cells refer to.
  var tables: TerminalTables { cells.pointee.tables }

  /// A line of the scrollback (0: the oldest) as cells, its styles and clusters added to the
  /// tables (which keep them until they are next rebuilt, between two writes).
  func keptLine(_ index: Int) -> [TabShellCell] {
    cells.pointee.scrollback.pointee.cells(index, tables: &cells.pointee.tables)
  }

  /// A line of the scrollback as text: a wide character once, an empty cell a blank, trailing
  /// blanks left out.
  func keptText(_ index: Int) -> String {
    var text = ""
    for cell in keptLine(index) where cell.glyph != TerminalCells.continuation {
      text += cell.glyph == 0 ? " " : self.text(of: cell.glyph)
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Whether a row of the screen wrapped into the next (its line goes on there).
  func isWrapped(row: Int) -> Bool {
    cells.pointee.isWrapped(row: row)
  }

  /// The rows changed since the last call, and whether the whole screen did (after a resize, the
  /// other screen shown, reverse video, the tables rebuilt): what a frame needs to draw again. A
  /// scroll changes every row of its region.
  func takeDamage() -> (whole: Bool, rows: [Int]) {
    cells.pointee.takeDamage()
  }

  /// ``takeDamage()`` with the columns each row changed in (the whole row when not known).
  func takeDamageSpans() -> (whole: Bool, rows: [Int], spans: [Range<Int>]) {
    cells.pointee.takeDamageSpans()
  }

  /// The cursor's row and column.
  var cursor: (row: Int, column: Int) {
    var position = VTermPos()
    vterm_state_get_cursorpos(state, &position)
    return (Int(position.row), Int(position.col))
  }

  /// Sends a key with modifiers as the terminal encodes it (cursor keys as the program's mode says).
  func key(_ key: VTermKey, modifiers: VTermModifier) {
    vterm_keyboard_key(terminal, key, modifiers)
  }

  /// Sends a character with modifiers.
  func character(_ scalar: Unicode.Scalar, modifiers: VTermModifier) {
    vterm_keyboard_unichar(terminal, scalar.value, modifiers)
  }

  /// The terminal gained or lost the focus: reported to the program when it asked (mode 1004).
  func focus(_ focused: Bool) {
    if focused { vterm_state_focus_in(state) } else { vterm_state_focus_out(state) }
  }

  /// Starts or ends a paste: bracketed (`ESC [200~` … `ESC [201~`) only when the program asked.
  func paste(starts: Bool) {
    if starts { vterm_keyboard_start_paste(terminal) } else { vterm_keyboard_end_paste(terminal) }
  }

  /// A mouse event at a row and column: reported only when the program turned reporting on. Button
  /// 0 only moves the mouse.
  func mouse(button: Int32, pressed: Bool, row: Int, column: Int, modifiers: VTermModifier) {
    vterm_mouse_move(terminal, Int32(row), Int32(column), modifiers)
    if button > 0 { vterm_mouse_button(terminal, button, pressed, modifiers) }
  }

  // MARK: Callbacks

  static func emulator(_ user: UnsafeMutableRawPointer?) -> TerminalEmulator? {
    user.map { Unmanaged<TerminalEmulator>.fromOpaque($0).takeUnretainedValue() }
  }

  private static let outputCallback:
    @convention(c) (
      UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?
    ) -> Void = { bytes, count, user in
      guard let bytes, count > 0, let emulator = emulator(user) else { return }
      emulator.onOutput(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}
