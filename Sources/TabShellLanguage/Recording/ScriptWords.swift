@_spi(Host) import TabShellKit

/// Writes words so that the lexer reads each back as exactly that word (docs/Contract.md, "The
/// command language"): the inverse of ``Lexer`` for one word.
///
/// A plain word is written bare; one with blanks, `;`, `#`, a backslash or a quote goes in single
/// quotes, or in double quotes (with `\"`, `\\` and `\n`) when it holds a `'` or a control
/// character, each control character (and bidirectional control, `\u{202E}`) written as `\u{1B}`,
/// as every output writes them: a script never carries an escape sequence to the terminal that
/// shows it, nor anything that reorders what it shows. A `$` is doubled (`$$` stands for one `$`), so that the word is data when it is
/// read back: nothing in it is substituted.
package enum ScriptWords {
  /// `word` as it must be written to be read back as itself.
  ///
  /// - Parameter literalDollars: double every `$` (the default); `false` keeps them as they are,
  ///   for words that were code already (a command typed at the prompt, written to a recording).
  package static func quote(_ word: String, literalDollars: Bool = true) -> String {
    let text = literalDollars ? doubleDollars(word) : word
    if !text.isEmpty, text.unicodeScalars.allSatisfy(isBare), text.first != "#" {
      return text
    }
    if !text.contains("'"), !text.unicodeScalars.contains(where: isControl) {
      return "'" + text + "'"
    }
    var quoted = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case _ where isControl(character):
        quoted += "\\u{" + String(character.value, radix: 16, uppercase: true) + "}"
      default: quoted.unicodeScalars.append(character)
      }
    }
    return quoted + "\""
  }

  /// Words as one command line: each quoted, separated by a space.
  package static func line(_ words: [String], literalDollars: Bool = true) -> String {
    words.map { quote($0, literalDollars: literalDollars) }.joined(separator: " ")
  }

  private static func doubleDollars(_ word: String) -> String {
    guard word.utf8.contains(UInt8(ascii: "$")) else { return word }
    var text = ""
    for character in word.unicodeScalars {
      if character == "$" { text += "$" }
      text.unicodeScalars.append(character)
    }
    return text
  }

  /// Whether a character is a control character (C0, DEL or C1) or a bidirectional one
  /// (``TabShellKit/isTerminalControl(_:)``): written as `\u{1B}` (`\n` for a line feed) in
  /// double quotes, never as it is.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool { isTerminalControl(scalar) }

  /// Whether a character may stand in a bare word: not a blank, a control character, nor one that
  /// the lexer treats specially.
  private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", ";", "\\", "'", "\"": false
    default: scalar.value > 0x20 && !isControl(scalar)
    }
  }
}
