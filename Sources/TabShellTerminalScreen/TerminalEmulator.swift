import CVTerm

/// One terminal emulated by libvterm: what a program writes goes in (``write(_:)``), the screen's
/// cells, the cursor and the modes the program set come out, and what the terminal answers or
/// sends the program (replies to queries, encoded keys) is handed to ``onOutput``.
///
/// Nothing the program writes goes anywhere else: a clipboard or a mode sequence changes this
/// emulator's state only; a title (OSC 0 or 2) and the bell are kept for the screen to take
/// (``takeTitle()``, ``takeBell()``) and hand to the shell as requests.
///
/// Isolation: used on the thread that owns the shell; libvterm calls back on it, from inside
/// ``write(_:)`` and the keyboard calls.
final class TerminalEmulator {
  /// The terminal's rows.
  private(set) var rows: Int
  /// The terminal's columns.
  private(set) var columns: Int
  /// Whether the program turned mouse reporting on.
  private(set) var mouseReporting = false
  /// Whether the program shows the cursor.
  private(set) var cursorVisible = true
  /// The lines scrolled off the top, oldest first, at most ``scrollbackLimit``.
  private(set) var scrollback: [[VTermScreenCell]] = []
  /// The most lines ``scrollback`` keeps.
  let scrollbackLimit: Int
  /// How many lines the view is scrolled back from the live screen (0: not scrolled back), at most
  /// `scrollback.count`: the lines that scroll off while it is scrolled back add to it, so that
  /// the view stays on the same lines.
  var scrolledBack = 0
  /// Gets the bytes the terminal sends the program.
  var onOutput: ([UInt8]) -> Void = { _ in }
  /// The title the program set last (OSC 0 or 2), as it wrote it, until taken.
  private var title: String?
  /// Whether the program rang the bell since the last look.
  private var rang = false

  private let terminal: OpaquePointer
  private let screen: OpaquePointer
  private let state: OpaquePointer
  private let callbacks: UnsafeMutablePointer<VTermScreenCallbacks>
  private var parameterGuard = ParameterGuard()

  /// Makes a terminal of `rows` × `columns` (UTF-8, alternate screen on) that keeps up to
  /// `scrollback` lines; `nil` when libvterm cannot allocate one.
  init?(rows: Int, columns: Int, scrollback: Int) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    scrollbackLimit = max(0, scrollback)
    guard let terminal = vterm_new(Int32(self.rows), Int32(self.columns)) else { return nil }
    self.terminal = terminal
    vterm_set_utf8(terminal, 1)
    screen = vterm_obtain_screen(terminal)
    state = vterm_obtain_state(terminal)
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: Self.screenCallbacks)
    let me = Unmanaged.passUnretained(self).toOpaque()
    vterm_screen_set_callbacks(screen, callbacks, me)
    vterm_output_set_callback(terminal, Self.outputCallback, me)
    vterm_screen_enable_altscreen(screen, 1)
    vterm_screen_reset(screen, 1)
  }

  deinit {
    vterm_free(terminal)
    callbacks.deinitialize(count: 1)
    callbacks.deallocate()
  }

  /// Takes in what the program wrote (a CSI's parameters past libvterm's 16 slots left out:
  /// ``ParameterGuard``).
  func write(_ bytes: UnsafeRawBufferPointer) {
    let terminal = terminal
    parameterGuard.filter(bytes) { piece in
      guard let base = piece.baseAddress, piece.count > 0 else { return }
      _ = vterm_input_write(terminal, base.assumingMemoryBound(to: CChar.self), piece.count)
    }
  }

  /// Takes in text as if the program wrote it (the `[exited STATUS]` line).
  func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// The title the program set since the last call, as it wrote it (UTF-8 read with repairs), or
  /// `nil`; several titles in between are the last one.
  func takeTitle() -> String? {
    defer { title = nil }
    return title
  }

  /// Whether the program rang the bell since the last call; several bells are one.
  func takeBell() -> Bool {
    defer { rang = false }
    return rang
  }

  /// Changes the terminal's size; lines scrolled off come back when it grows.
  func resize(rows: Int, columns: Int) {
    let rows = max(1, rows)
    let columns = max(1, columns)
    guard rows != self.rows || columns != self.columns else { return }
    self.rows = rows
    self.columns = columns
    vterm_set_size(terminal, Int32(rows), Int32(columns))
  }

  /// The cell at a row and column of the screen (0-based).
  func cell(row: Int, column: Int) -> VTermScreenCell {
    var cell = VTermScreenCell()
    _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell)
    return cell
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

  private static func emulator(_ user: UnsafeMutableRawPointer?) -> TerminalEmulator? {
    user.map { Unmanaged<TerminalEmulator>.fromOpaque($0).takeUnretainedValue() }
  }

  private static let outputCallback:
    @convention(c) (
      UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?
    ) -> Void = { bytes, count, user in
      guard let bytes, count > 0, let emulator = emulator(user) else { return }
      let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
      emulator.onOutput(Array(buffer))
    }

  private static let screenCallbacks = VTermScreenCallbacks(
    damage: nil, moverect: nil, movecursor: nil,
    settermprop: { property, value, user in
      guard let value, let emulator = emulator(user) else { return 0 }
      emulator.set(property, value.pointee)
      return 1
    },
    bell: { user in
      emulator(user)?.rang = true
      return 1
    },
    resize: nil,
    sb_pushline: { count, cells, user in
      guard let cells, let emulator = emulator(user) else { return 0 }
      emulator.pushLine(UnsafeBufferPointer(start: cells, count: Int(count)))
      return 1
    },
    sb_popline: { count, cells, user in
      guard let cells, let emulator = emulator(user) else { return 0 }
      return emulator.popLine(into: UnsafeMutableBufferPointer(start: cells, count: Int(count)))
        ? 1 : 0
    })

  private func set(_ property: VTermProp, _ value: VTermValue) {
    switch property {
    case VTERM_PROP_MOUSE: mouseReporting = value.number != 0
    case VTERM_PROP_CURSORVISIBLE: cursorVisible = value.boolean != 0
    // libvterm 0.1.4 hands over the whole string, ended by a NUL, once the sequence ends.
    case VTERM_PROP_TITLE:
      // String(cString:) repairs what is not UTF-8.
      if let string = value.string { title = String(cString: string) }
    default: break
    }
  }

  /// Keeps a line that scrolled off the top, without its trailing blanks.
  private func pushLine(_ cells: UnsafeBufferPointer<VTermScreenCell>) {
    guard scrollbackLimit > 0 else { return }
    var end = cells.count
    while end > 0, Self.isBlank(cells[end - 1]) { end -= 1 }
    if scrollback.count >= scrollbackLimit {
      scrollback.removeFirst(max(1, scrollbackLimit / 10))
    }
    scrollback.append(Array(cells[..<end]))
    if scrolledBack > 0 { scrolledBack = min(scrolledBack + 1, scrollback.count) }
  }

  /// Whether a cell shows nothing: no character, or a space, on the default background.
  private static func isBlank(_ cell: VTermScreenCell) -> Bool {
    var background = cell.bg
    return (cell.chars.0 == 0 || cell.chars.0 == 32)
      && tabshell_vterm_color_is_default_bg(&background) != 0
  }

  /// Gives back the last line kept, blank-padded to the width, when the terminal grows.
  private func popLine(into cells: UnsafeMutableBufferPointer<VTermScreenCell>) -> Bool {
    guard let line = scrollback.popLast() else { return false }
    scrolledBack = min(scrolledBack, scrollback.count)
    var blank = VTermScreenCell()
    blank.width = 1
    vterm_state_get_default_colors(state, &blank.fg, &blank.bg)
    for index in cells.indices { cells[index] = index < line.count ? line[index] : blank }
    return true
  }
}
