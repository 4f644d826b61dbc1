/// A word of the user's in single quotes for a message, cut after its first
/// ``quotedWordLimit`` characters (`'abc…'`) and with its control characters written out (see
/// ``neutralized(_:keepingLines:)``): a message stays readable, and one line, however long the word
/// is and whatever it holds.
@_spi(Host) public func quoted(_ word: some StringProtocol) -> String {
  let head = word.prefix(quotedWordLimit)
  let text = neutralized(String(head))
  return head.endIndex == word.endIndex ? "'\(text)'" : "'\(text)…'"
}

/// How many characters of a word ``quoted(_:)`` keeps.
@_spi(Host) public let quotedWordLimit = 60

/// Text from a user, a script or a plugin, made safe to write to a terminal: every control
/// character — C0 (below U+0020), DEL (U+007F) and C1 (U+0080–U+009F), ESC among them — and every
/// bidirectional control (``isBidiControl(_:)``) is written as a visible escape such as `\u{1B}` or
/// `\u{202E}`, so that no escape sequence reaches the terminal and nothing reorders the text
/// around it. With `keepingLines`, line feeds and tabs stay as they are (for output of several
/// lines).
@_spi(Host) public func neutralized(_ text: String, keepingLines: Bool = false) -> String {
  func escaped(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar))
      && !(keepingLines && (scalar == "\n" || scalar == "\t"))
  }
  guard text.unicodeScalars.contains(where: escaped) else { return text }
  var result = ""
  result.reserveCapacity(text.utf8.count + 8)
  for scalar in text.unicodeScalars {
    if escaped(scalar) {
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
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
