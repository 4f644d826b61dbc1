import CReadline
import TabShellPlatform

/// Turns the engine's completions into what readline's attempted completion function returns.
enum CompletionMatches {
  /// Readline's layout: nothing when there is no candidate; the sole candidate alone; otherwise the
  /// longest common prefix (never shorter than what was typed) followed by every candidate.
  /// Duplicates are dropped, the order is kept (readline sorts what it lists).
  static func readlineMatches(typed: String, candidates: [String]) -> [String] {
    var seen = Set<String>()
    let unique = candidates.filter { seen.insert($0).inserted }
    guard unique.count > 1 else { return unique }
    let prefix = commonPrefix(of: unique)
    return [prefix.utf8.count < typed.utf8.count ? typed : prefix] + unique
  }

  /// The line and word offsets the engine sees: readline's, except that when the word was opened with
  /// a quote (readline's word starts just after it) the quote is left out, so that the engine gets
  /// `tab my t` for `tab 'my t`, with the word `my t`. Offsets are UTF-8 offsets; out-of-range ones
  /// are clamped.
  static func engineWord(
    line: [UInt8], start: Int, end: Int, openedWithQuote: Bool
  ) -> (line: String, start: Int, end: Int) {
    let start = min(max(0, start), line.count)
    let end = min(max(start, end), line.count)
    guard openedWithQuote, start > 0,
      line[start - 1] == UInt8(ascii: "'") || line[start - 1] == UInt8(ascii: "\"")
    else { return (String(decoding: line, as: UTF8.self), start, end) }
    let unquoted = line[..<(start - 1)] + line[start...]
    return (String(decoding: unquoted, as: UTF8.self), start - 1, end - 1)
  }

  /// `matches` (readline's layout) with the word to insert quoted when it holds a blank or one of
  /// `'"#;\`, for a word typed outside quotes: a sole match is closed (`'My Tab'`), a common prefix or
  /// a folder stays open so that the next Tab goes on inside the quotes. The listed matches stay bare.
  static func quotingInsertion(_ matches: [String]) -> [String] {
    guard let insertion = matches.first, insertion.contains(where: needsQuotes) else {
      return matches
    }
    let close = matches.count == 1 && !insertion.hasSuffix("/")
    var quoted: String
    if insertion.contains("'") {
      quoted =
        "\"" + insertion.replacing(text: "\\", with: "\\\\").replacing(text: "\"", with: "\\\"")
      if close { quoted += "\"" }
    } else {
      quoted = "'" + insertion
      if close { quoted += "'" }
    }
    return [quoted] + matches.dropFirst()
  }

  private static func needsQuotes(_ character: Character) -> Bool {
    character.isWhitespace || "'\"#;\\".contains(character)
  }

  /// The longest common prefix, in whole characters (never half of a UTF-8 sequence).
  static func commonPrefix(of words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let characters = Array(word)
      var length = 0
      while length < prefix.count, length < characters.count, prefix[length] == characters[length] {
        length += 1
      }
      prefix.removeLast(prefix.count - length)
    }
    return String(prefix)
  }

  /// A NULL-terminated malloc'ed array of `strdup`ed strings, as readline frees it; NULL when empty.
  static func cArray(_ words: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    guard !words.isEmpty, let array = tabshell_rl_new_matches(Int32(clamping: words.count)) else {
      return nil
    }
    for (index, word) in words.enumerated() {
      tabshell_rl_set_match(array, Int32(clamping: index), word)
    }
    return array
  }
}
