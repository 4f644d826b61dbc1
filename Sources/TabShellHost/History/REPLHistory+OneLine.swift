extension REPLHistory {
  /// `text` (say, several lines pasted at one prompt) as one line that runs the same commands, since
  /// the history file holds one entry a line: a line break becomes `; `, a backslash–line break
  /// continuation is joined, and a `#` comment (outside quotes, up to the line break) is dropped,
  /// following the lexer's rules (docs/Contract.md, "The command language"). A quote still open at a line break is closed there, as the
  /// lexer does. Text without line breaks is returned as it is.
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: OneLineScanner.isLineBreak) else { return text }
    var scanner = OneLineScanner()
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      scanner.scan(character, rest: &characters)
    }
    return scanner.result
  }
}

/// The state of ``REPLHistory/oneLine(_:)``: the quote open, the command being copied, the commands done.
private struct OneLineScanner {
  var commands: [String] = []
  var current = ""
  var quote: Character?
  var inComment = false

  var result: String {
    (commands + [current]).map(Self.trimmed).filter { !$0.isEmpty }.joined(separator: "; ")
  }

  mutating func scan(_ character: Character, rest: inout ArraySlice<Character>) {
    if Self.isLineBreak(character) {
      commands.append(current)
      current = ""
      quote = nil
      inComment = false
      return
    }
    if inComment { return }
    if let open = quote {
      if character == open { quote = nil }
      current.append(character)
      if open == "\"", character == "\\", let next = rest.first, next == "\"" || next == "\\" {
        current.append(next)
        rest.removeFirst()
      }
      return
    }
    switch character {
    case "#":
      inComment = true
    case "'", "\"":
      quote = character
      current.append(character)
    case "\\":
      current.append(character)
      guard let next = rest.popFirst() else { return }
      if Self.isLineBreak(next) {
        current.removeLast()  // A backslash at the end of a line joins the next one.
      } else {
        current.append(next)
      }
    default:
      current.append(character)
    }
  }

  /// A line break as the lexer and the history file see it (`\n`, also as part of `\r\n`).
  static func isLineBreak(_ character: Character) -> Bool {
    character.unicodeScalars.contains("\n")
  }

  private static func trimmed(_ command: String) -> String {
    String(command.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
