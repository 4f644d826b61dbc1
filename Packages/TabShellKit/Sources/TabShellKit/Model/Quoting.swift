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
/// (``isTerminalControl(_:)``: C0, DEL and C1, ESC among them, and the bidirectional controls) is
/// written as a visible escape such as `\u{1B}` or `\u{202E}`, so that no escape sequence reaches
/// the terminal and nothing reorders the text around it. With `keepingLines`, line feeds and tabs
/// stay as they are (for output of several lines).
@_spi(Host) public func neutralized(_ text: String, keepingLines: Bool = false) -> String {
  func escaped(_ scalar: Unicode.Scalar) -> Bool {
    isTerminalControl(scalar) && !(keepingLines && (scalar == "\n" || scalar == "\t"))
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
