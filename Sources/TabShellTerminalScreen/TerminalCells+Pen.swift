import CVTerm

/// The pen, which the emulator keeps itself (docs/Contract.md, "Terminal tabs"): SGR as tmux
/// reads it (``SGRParameters``), every attribute the canvas has; saved with the cursor and restored
/// with it, reset with the terminal. libvterm 0.1.4 keeps a pen of its own (for DECRQSS, and a
/// cursor saved with it), which it is handed an SGR of what it has of each change
/// (``TerminalEmulator/libvtermSGR(_:)``); its callbacks that change it by themselves (a cursor
/// restored, a reset) change the pen here too, as a fallback for what the guard would miss.
extension TerminalCells {
  /// Follows what the guard took from a sequence (``Replacement``), after libvterm had its part.
  mutating func follow(_ replacement: Replacement) {
    switch replacement {
    case .sgr(let parameters):
      var style = pen
      parameters.forEachOperation { style.apply($0) }
      if style != pen { setPen(style) }
    case .cursorSaved, .saveCursor:
      savedPen = pen
      var cursor = VTermPos()
      vterm_state_get_cursorpos(state, &cursor)
      savedCursor = (Int(cursor.row), Int(cursor.col))
    case .cursorRestored, .restoreCursor:
      if savedPen != pen { setPen(savedPen) }
    case .reset:
      setPen(.default)
      savedPen = .default
    case .modes(let numbers, isPrivate: true, let set)
    where numbers.contains(1048) || numbers.contains(1049):
      follow(set ? .cursorSaved : .cursorRestored)
    default:
      break
    }
  }
}
