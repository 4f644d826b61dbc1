import CVTerm

/// `capture` (docs/Contract.md, "Copy mode, buffers and the clipboard"): a terminal's lines as
/// tmux 3.3a's `capture-pane -p [-e] [-S -]` prints them.
extension TerminalEmulator {
  /// The screen's rows, after the lines kept when `scrollback` (the main screen's, also while
  /// the alternate screen shows, as tmux prints them), one a line: each row's cells up to the last one written (a wide
  /// character once, an empty cell a blank), its trailing blanks left out; with `escapes`, SGR
  /// sequences before each cell whose style differs from the cell before it (the row before's
  /// last, across rows), written as tmux writes them.
  func capture(scrollback withScrollback: Bool, escapes: Bool) -> [String] {
    var lines: [String] = []
    var last = TerminalStyle.default
    if withScrollback {
      for index in 0..<scrollback.count {
        let cells = keptLine(index)
        cells.withUnsafeBufferPointer { cells in
          lines.append(captured(cells, escapes: escapes, last: &last))
        }
      }
    }
    for row in 0..<rows {
      let cells = UnsafeBufferPointer(start: screenRows[row], count: columns)
      lines.append(captured(cells, escapes: escapes, last: &last))
    }
    return lines
  }

  /// One row or kept line.
  private func captured(
    _ cells: UnsafeBufferPointer<TabShellCell>, escapes: Bool, last: inout TerminalStyle
  ) -> String {
    let tables = tables
    // The cells written: up to the last that holds a character or shows a background.
    var end = cells.count
    while end > 0, cells[end - 1].glyph == 0,
      cells[end - 1].style == 0 || tables.style(cells[end - 1].style).isBlankable
    {
      end -= 1
    }
    var text = ""
    for cell in cells[..<end] where cell.glyph != TerminalCells.continuation {
      if escapes {
        let style = tables.style(cell.style)
        if style != last {
          text += Self.tmuxCodes(from: last, to: style)
          last = style
        }
      }
      text += cell.glyph == 0 ? " " : tables.text(of: cell.glyph)
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Whether each of tmux's attributes is on, in its order (``tmuxAttributeCodes``).
  private static func tmuxAttributes(_ style: TerminalStyle) -> [Bool] {
    let on = style.attributes
    let underline = style.underline
    return [
      on.contains(.bold), on.contains(.dim), on.contains(.italic), underline == .single,
      on.contains(.blink), on.contains(.reverse), on.contains(.conceal),
      on.contains(.strikethrough), underline == .double, underline == .curly,
      underline == .dotted, underline == .dashed, on.contains(.overline),
    ]
  }
  /// Their codes (tmux writes two digits as `4:2`).
  private static let tmuxAttributeCodes = [
    "1", "2", "3", "4", "5", "7", "8", "9", "4:2", "4:3", "4:4", "4:5", "5:3",
  ]

  /// What tmux writes between a cell of style `old` and one of style `new` (grid.c,
  /// grid_string_cells_code): `0` first when an attribute goes, then each attribute that comes;
  /// the foreground's parameters when they changed or after a `0`, and the background's.
  static func tmuxCodes(from old: TerminalStyle, to new: TerminalStyle) -> String {
    var codes: [String] = []
    var had = tmuxAttributes(old)
    let has = tmuxAttributes(new)
    if zip(had, has).contains(where: { $0 && !$1 }) {
      codes.append("0")
      had = had.map { _ in false }
    }
    for index in has.indices where has[index] && !had[index] {
      codes.append(tmuxAttributeCodes[index])
    }
    var text = codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    let reset = codes.first == "0"
    for layer in [30, 40] {
      let before = tmuxColor(layer == 30 ? old.foreground : old.background, layer: layer)
      let after = tmuxColor(layer == 30 ? new.foreground : new.background, layer: layer)
      if before != after || reset { text += "\u{1B}[" + after + "m" }
    }
    return text
  }

  /// A colour's parameters as tmux writes them: `39` (`49`), `31`, `91`, `38;5;N`, `38;2;R;G;B`.
  private static func tmuxColor(_ color: TerminalColor, layer: Int) -> String {
    switch color.kind {
    case 1:
      let index = Int(color.packed & 0xFF)
      return index < 8
        ? "\(layer + index)" : index < 16 ? "\(layer + 60 + index - 8)" : "\(layer + 8);5;\(index)"
    case 2:
      return
        "\(layer + 8);2;\(color.packed >> 16 & 0xFF);\(color.packed >> 8 & 0xFF);\(color.packed & 0xFF)"
    default:
      return "\(layer + 9)"
    }
  }
}
