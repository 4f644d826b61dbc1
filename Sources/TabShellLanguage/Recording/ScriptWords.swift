/// Writes words so that the lexer reads each back as exactly that word (docs/Contract.md, "The
/// command language"): the inverse of ``Lexer`` for one word.
///
/// A plain word is written bare; one with blanks, `;`, `#`, a backslash, a quote or a control
/// character goes in single quotes, or in double quotes (with `\"`, `\\` and `\n`) when it holds a
/// `'` or a newline. A `$` is doubled (`$$` stands for one `$`), so that the word is data when it is
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
    if !text.contains("'"), !text.contains("\n") { return "'" + text + "'" }
    var quoted = "\""
    for character in text.unicodeScalars {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
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

  /// Whether a character may stand in a bare word: not a blank, a control character, nor one that
  /// the lexer treats specially.
  private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", ";", "\\", "'", "\"": false
    default: scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
    }
  }
}
