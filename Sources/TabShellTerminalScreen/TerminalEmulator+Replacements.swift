import CVTerm

extension TerminalEmulator {
  /// Does in libvterm's `terminal` what the guard took from it (``Replacement``), with sequences
  /// that libvterm does right, between two of the program's sequences. The pending wrap and the
  /// scroll region are read from libvterm's state (`TabShellVTermStateHead`); where its layout is
  /// not the one known, the sequence libvterm had is written back, as libvterm took it before.
  /// The tests' reference terminal does them with it too.
  static func perform(_ replacement: Replacement, on terminal: OpaquePointer) {
    let head =
      tabshell_vterm_state_head_matches(terminal) != 0
      ? tabshell_vterm_state_head(vterm_obtain_state(terminal)) : nil
    if let sequence = sequence(for: replacement, head: head) { input(sequence, to: terminal) }
  }

  /// What ``perform(_:on:)`` writes for `replacement` with libvterm's state `head` (`nil`: not
  /// known), or `nil` for nothing.
  static func sequence(for replacement: Replacement, head: TabShellVTermStateHead?) -> String? {
    switch replacement {
    case .sgr(let parameters): return libvtermSGR(parameters)
    case .cursorSaved, .cursorRestored: return nil
    case .reset:
      // The cursor saved is home with the default pen, as tmux and xterm reset it (libvterm leaves
      // what was saved, or a pen of zeros, black on black, when nothing was).
      guard let head, head.pos.row != 0 || head.pos.col != 0 else { return resetSavedCursor }
      return "\u{1B}[H" + resetSavedCursor + "\u{1B}[\(head.pos.row + 1);\(head.pos.col + 1)H"
    case .modes(let numbers, let isPrivate, let set):
      let leader = isPrivate ? "?" : ""
      let final = set ? "h" : "l"
      return numbers.map { "\u{1B}[\(leader)\($0)\(final)" }.joined()
    case .saveCursor: return "\u{1B}7"
    case .restoreCursor: return "\u{1B}8"
    case .alignment: return "\u{1B}[r"
    case .backspace:
      // From the pending wrap, the column stays and the wrap is no longer pending (CHA).
      guard let head, head.at_phantom != 0 else { return "\u{8}" }
      return "\u{1B}[\(head.pos.col + 1)G"
    case .scrollRegion(let top, let bottom):
      guard let head else {
        return "\u{1B}[\(top == ParameterGuard.missingParameter ? "" : String(top));"
          + "\(bottom == ParameterGuard.missingParameter ? "" : String(bottom))r"
      }
      // tmux's reading: left out, the top is 1 and the bottom the last row; 0 is 1.
      let rows = Int(head.rows)
      let upper = min(parameter(top, missing: 1), rows) - 1
      let lower = min(parameter(bottom, missing: rows), rows) - 1
      guard upper < lower else { return nil }
      return "\u{1B}[\(upper + 1);\(lower + 1)r"
    case .cursorDown(let count, let toLineStart), .cursorUp(let count, let toLineStart):
      let isDown = if case .cursorDown = replacement { true } else { false }
      let start = toLineStart ? "\r" : ""
      guard let head else {
        return "\u{1B}[\(count)\(isDown ? (toLineStart ? "E" : "B") : (toLineStart ? "F" : "A"))"
      }
      let rows = Int(head.rows)
      let row = Int(head.pos.row)
      let top = Int(head.scrollregion_top)
      let bottom = (head.scrollregion_bottom > -1 ? Int(head.scrollregion_bottom) : rows) - 1
      let steps = min(count, rows)
      // tmux's (and xterm's) bounds: the region's edge from inside it, the screen's from outside.
      let target =
        isDown
        ? min(row > bottom ? rows - 1 : bottom, row + steps)
        : max(row < top ? 0 : top, row - steps)
      // A move clears the pending wrap; with no move, CHA to the same column does.
      if target > row { return "\u{1B}[\(target - row)B" + start }
      if target < row { return "\u{1B}[\(row - target)A" + start }
      return "\u{1B}[\(head.pos.col + 1)G" + start
    }
  }

  /// What saves the cursor home with the default pen, when it is there: libvterm's state is then
  /// as tmux's after a reset (written once a terminal is made, too).
  static let resetSavedCursor = "\u{1B}7"

  /// A parameter as tmux reads it: `missing` when left out, at least 1.
  private static func parameter(_ value: Int, missing: Int) -> Int {
    value == ParameterGuard.missingParameter ? missing : max(1, value)
  }
}
