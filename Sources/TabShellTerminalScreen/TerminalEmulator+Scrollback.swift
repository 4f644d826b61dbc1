import CVTerm

/// Scrolling back through the lines kept (docs/Contract.md, "Terminal tabs"): the view is the
/// terminal's screen moved down by ``TerminalEmulator/scrolledBack`` rows, the kept lines above
/// it.
extension TerminalEmulator {
  /// A row of the view: a kept line's cells (without their trailing blanks), or a row of the
  /// screen.
  enum ViewRow {
    case kept([TabShellCell])
    case screen(Int)
  }

  /// Scrolls the view back (`lines` > 0) or towards the screen (`lines` < 0), within the lines
  /// kept; whether the view moved.
  @discardableResult
  func scrollBack(by lines: Int) -> Bool {
    let old = scrolledBack
    let step = min(max(lines, -scrollback.count), scrollback.count)
    scrolledBack = min(max(0, scrolledBack + step), scrollback.count)
    return scrolledBack != old
  }

  /// What the view shows at a row (0-based).
  func viewRow(_ row: Int) -> ViewRow {
    let line = scrollback.count - scrolledBack + row
    guard line < scrollback.count else { return .screen(line - scrollback.count) }
    return .kept(keptLine(line))
  }
}
