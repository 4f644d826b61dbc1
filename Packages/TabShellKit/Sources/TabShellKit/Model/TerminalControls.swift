/// Whether a scalar is a control that text from a user, a script or a plugin must not carry to a
/// terminal as it is: a control character — C0 (below U+0020), DEL (U+007F) and C1
/// (U+0080–U+009F), ESC among them — or a bidirectional control (``isBidiControl(_:)``). The one
/// rule of what is written out (``neutralized(_:keepingLines:)``), left out
/// (`blankingControls(_:)`) or refused; `TerminalText.isTerminalControl(_:)` is its copy for
/// the modules that do not link the core, held to agree with it by a test.
@_spi(Host) public func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar)
}

/// Whether a scalar is a bidirectional control: the embeddings and overrides (U+202A–U+202E),
/// the isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). They take no column, but a
/// terminal that orders text both ways lets one reorder what follows it, so a title could show
/// something else than it holds.
@_spi(Host) public func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}

/// `text` as it is drawn in cells (``isTerminalControl(_:)``): every control character (C0, DEL,
/// C1: newlines, tabs, escapes) a blank, one a scalar, so that nothing can move the cursor or
/// start an escape sequence and each takes a cell of its own; every bidirectional control left
/// out, so that nothing reorders what is drawn after it (they take no column: widths stay).
@_spi(Host) public func blankingControls(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: isTerminalControl) else { return text }
  var scalars = String.UnicodeScalarView()
  for scalar in text.unicodeScalars where !isBidiControl(scalar) {
    scalars.append(isTerminalControl(scalar) ? " " : scalar)
  }
  return String(scalars)
}
