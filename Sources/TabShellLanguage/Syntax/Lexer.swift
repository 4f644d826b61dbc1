/// Splits script text into commands of words (SPEC §3).
///
/// One command a line; `;` separates commands; `#` at the start of a word starts a comment; a backslash at the
/// end of a line continues it; `'single'` and `"double"` quotes (in double quotes `\"`, `\\` and `\n`
/// escape); outside quotes a backslash takes the next character literally. A quote must close on its
/// line. Locations count lines from 1 and characters (Unicode scalars) from 1, and survive
/// continuations and `;`. An error drops the rest of its line and lexing goes on, so that every error
/// is found.
package enum Lexer {
  /// The commands and the errors of `source`.
  package static func lex(_ source: String) -> (
    commands: [RawCommand], errors: [(SourceLocation, LanguageError)]
  ) {
    var commands: [RawCommand] = []
    let errors = lex(
      source, known: { _, _ in false }, each: { command, _ in commands.append(command) })
    return (commands, errors)
  }

  /// Lexes `source`, handing each command to `each` as soon as it is complete (so that a long script
  /// is never held twice); returns the errors.
  ///
  /// A *plain line* holds only blanks and plain words (no `;`, `#`, quotes or backslashes). Its bytes,
  /// trimmed, are offered to `known` first, with where it starts: when `known` returns `true` (it has
  /// seen the line before and dealt with it), the line is not lexed at all. Otherwise its one command
  /// goes to `each` with the line's text, so that the caller can recognise it next time.
  package static func lex(
    _ source: String, known: (UnsafeBufferPointer<UInt8>, SourceLocation) -> Bool,
    each: (RawCommand, _ plainLine: String?) -> Void
  ) -> [(SourceLocation, LanguageError)] {
    var source = source
    return source.withUTF8 { bytes in
      withoutActuallyEscaping(known) { known in
        withoutActuallyEscaping(each) { each in
          var state = State(sink: each, known: known)
          state.run(bytes)
          return state.errors
        }
      }
    }
  }

  private struct State {
    let sink: (RawCommand, String?) -> Void
    let known: (UnsafeBufferPointer<UInt8>, SourceLocation) -> Bool
    var errors: [(SourceLocation, LanguageError)] = []
    var words: [Word] = []
    var buffer: [UInt8] = []
    var inWord = false
    var wordStart = SourceLocation(line: 1, column: 1)
    var line = 1
    var column = 1
    var i = 0
    /// The text of the plain line being lexed, if it is one.
    var plainLine: String?

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
      while i < bytes.count {
        if column == 1, words.isEmpty, !inWord, isKnownPlainLine(bytes) { continue }
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "\n"):
          endCommand()
          plainLine = nil
          advance(bytes)
          line += 1
          column = 1
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
          endWord()
          advance(bytes)
        case UInt8(ascii: ";"):
          endCommand()
          advance(bytes)
        case UInt8(ascii: "#") where !inWord:
          while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { advance(bytes) }
        case UInt8(ascii: "\\"):
          backslash(bytes)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
          startWord()
          if !quoted(bytes, quote: byte) { skipLine(bytes) }
        default:
          startWord()
          buffer.append(byte)
          advance(bytes)
        }
      }
      endCommand()
    }

    /// Whether the line that starts here is a plain line that `known` has dealt with; then it is
    /// skipped up to its newline. Else, if it is plain, its text is kept for `sink`.
    mutating func isKnownPlainLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var j = i
      var start = -1
      var end = i
      while j < bytes.count {
        switch bytes[j] {
        case UInt8(ascii: "\n"): break
        case UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "\""),
          UInt8(ascii: "\\"), UInt8(ascii: "\r"):
          return false
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
          j += 1
          continue
        default:
          if start < 0 { start = j }
          end = j + 1
          j += 1
          continue
        }
        break
      }
      guard start >= 0 else { return false }
      let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if known(text, SourceLocation(line: line, column: start - i + 1)) {
        i = j
        column = 2
        return true
      }
      plainLine = String(decoding: text, as: UTF8.self)
      return false
    }

    /// Steps over one byte, counting a column at the start of each character.
    mutating func advance(_ bytes: UnsafeBufferPointer<UInt8>) {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }

    /// Copies one whole character (all its bytes) into the word.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) {
      buffer.append(bytes[i])
      advance(bytes)
      while i < bytes.count, bytes[i] & 0xC0 == 0x80 {
        buffer.append(bytes[i])
        i += 1
      }
    }

    mutating func backslash(_ bytes: UnsafeBufferPointer<UInt8>) {
      advance(bytes)
      var j = i
      if j < bytes.count, bytes[j] == UInt8(ascii: "\r") { j += 1 }
      if j >= bytes.count { return }
      if bytes[j] == UInt8(ascii: "\n") {
        i = j + 1
        line += 1
        column = 1
        return
      }
      if !inWord {
        startWord()
        wordStart.column -= 1
      }
      take(bytes)
    }

    /// Reads a quoted part of a word; `false` (with an error) when the quote does not close.
    mutating func quoted(_ bytes: UnsafeBufferPointer<UInt8>, quote: UInt8) -> Bool {
      let start = here
      advance(bytes)
      while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
        let byte = bytes[i]
        if byte == quote {
          advance(bytes)
          return true
        }
        if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), i + 1 < bytes.count {
          let next = bytes[i + 1]
          switch next {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            advance(bytes)
            take(bytes)
            continue
          case UInt8(ascii: "n"):
            advance(bytes)
            advance(bytes)
            buffer.append(UInt8(ascii: "\n"))
            continue
          default: break
          }
        }
        take(bytes)
      }
      errors.append((start, .unterminatedQuote(quote == UInt8(ascii: "'") ? "'" : "\"")))
      return false
    }

    /// After an error: drops the words of this line and goes on at the next.
    mutating func skipLine(_ bytes: UnsafeBufferPointer<UInt8>) {
      while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { advance(bytes) }
      words.removeAll()
      buffer.removeAll(keepingCapacity: true)
      inWord = false
    }

    mutating func startWord() {
      if inWord { return }
      inWord = true
      wordStart = here
    }

    mutating func endWord() {
      guard inWord else { return }
      words.append(Word(String(decoding: buffer, as: UTF8.self), at: wordStart))
      buffer.removeAll(keepingCapacity: true)
      inWord = false
    }

    mutating func endCommand() {
      endWord()
      if words.isEmpty { return }
      sink(RawCommand(words: words), plainLine)
      words.removeAll(keepingCapacity: true)
    }
  }
}
