/// Splits script text into commands of words (docs/Contract.md, "The command language").
///
/// One command a line; `;` separates commands; `#` at the start of a word starts a comment; a
/// backslash at the end of a line continues it; `'single'` and `"double"` quotes (in double quotes
/// `\"`, `\\`, `\$`, `\n` and `\u{1B}` (any Unicode scalar in hex) escape); outside quotes a
/// backslash takes the next character literally. `\$` (in double quotes or outside quotes) is a
/// `$` never substituted, lexed as `$$`. A quote must close on its line. Locations count lines from 1 and characters (Unicode scalars)
/// from 1, and survive continuations and `;`. An error drops the rest of its line and lexing goes
/// on, so that every error is found.
package enum Lexer {
  /// The commands and the errors of `source`.
  package static func lex(_ source: String) -> (
    commands: [RawCommand], errors: [(SourceLocation, LanguageError)]
  ) {
    var source = source
    return source.withUTF8 { bytes in
      var commands: [RawCommand] = []
      var errors: [(SourceLocation, LanguageError)] = []
      var index = 0
      var line = 1
      while index < bytes.count {
        let lexed = lexLine(bytes, from: index, line: line)
        commands += lexed.commands
        errors += lexed.errors
        (index, line) = (lexed.end, lexed.nextLine)
      }
      return (commands, errors)
    }
  }

  /// What one logical line (a line and the lines its backslashes continue it with) holds.
  struct Line {
    var commands: [RawCommand]
    var errors: [(SourceLocation, LanguageError)]
    /// The index after its last byte (its newline included).
    var end: Int
    /// The number of the line after it.
    var nextLine: Int
  }

  /// Lexes the logical line that starts at `index` of `bytes`, the line numbered `line`.
  static func lexLine(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, line: Int) -> Line {
    var state = State(i: index, line: line)
    state.run(bytes)
    return Line(commands: state.commands, errors: state.errors, end: state.i, nextLine: state.line)
  }

  /// The command of a plain line (words and blanks only: no `;`, `#`, quotes, backslashes or
  /// carriage returns), the bytes from `index` to `end` (its newline, or the end of the text), as
  /// ``lexLine(_:from:line:)`` makes it, words and columns alike, without its state machine; `nil`
  /// for a blank line.
  static func plainLine(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, to end: Int, line: Int
  ) -> RawCommand? {
    var words: [Word] = []
    var column = 1
    var start = -1
    var startColumn = 1
    func endWord(at i: Int) {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
      words.append(Word(text, at: SourceLocation(line: line, column: startColumn)))
      start = -1
    }
    for i in index..<end {
      let byte = bytes[i]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        if start >= 0 { endWord(at: i) }
      } else if start < 0 {
        start = i
        startColumn = column
      }
      // A column at the start of each character, as `State.advance` counts.
      if byte & 0xC0 != 0x80 { column += 1 }
    }
    if start >= 0 { endWord(at: end) }
    return words.isEmpty ? nil : RawCommand(words: words)
  }

  private struct State {
    var commands: [RawCommand] = []
    var errors: [(SourceLocation, LanguageError)] = []
    var words: [Word] = []
    var buffer: [UInt8] = []
    var inWord = false
    var wordStart = SourceLocation(line: 1, column: 1)
    var i: Int
    var line: Int
    var column = 1

    init(i: Int, line: Int) {
      self.i = i
      self.line = line
    }

    var here: SourceLocation { SourceLocation(line: line, column: column) }

    /// Lexes up to and with the newline that ends the logical line (or the end of the text).
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
      while i < bytes.count {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "\n"):
          endCommand()
          advance(bytes)
          line += 1
          return
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
      if bytes[i] == UInt8(ascii: "$") {
        advance(bytes)
        appendDollar()
        return
      }
      take(bytes)
    }

    /// A `$` that `\$` wrote: `$$`, the `$` that substitution never takes for the start of a
    /// `$1`, `$tab`... (Substitution turns it into one `$`).
    mutating func appendDollar() {
      buffer.append(contentsOf: [UInt8(ascii: "$"), UInt8(ascii: "$")])
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
          case UInt8(ascii: "$"):
            advance(bytes)
            advance(bytes)
            appendDollar()
            continue
          case UInt8(ascii: "u"):
            if let (scalar, length) = Self.scalarEscape(bytes, at: i) {
              for _ in 0..<length { advance(bytes) }
              buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
              continue
            }
          default: break
          }
        }
        take(bytes)
      }
      errors.append((start, .unterminatedQuote(quote == UInt8(ascii: "'") ? "'" : "\"")))
      return false
    }

    /// `\u{HEX}` at `start` (1 to 6 hex digits naming a Unicode scalar other than NUL, as
    /// ``TabShellKit/neutralized(_:keepingLines:)`` writes a control character): the scalar and
    /// the escape's length in bytes, or `nil` when the text there is not such an escape (then the
    /// backslash is itself, as before).
    static func scalarEscape(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int)
      -> (Unicode.Scalar, Int)?
    {
      guard start + 3 < bytes.count, bytes[start + 1] == UInt8(ascii: "u"),
        bytes[start + 2] == UInt8(ascii: "{")
      else { return nil }
      var value: UInt32 = 0
      var end = start + 3
      while end < bytes.count, end - start - 3 < 6,
        let digit = Character(Unicode.Scalar(bytes[end])).hexDigitValue
      {
        value = value * 16 + UInt32(digit)
        end += 1
      }
      guard end > start + 3, end < bytes.count, bytes[end] == UInt8(ascii: "}"), value != 0,
        let scalar = Unicode.Scalar(value)
      else { return nil }
      return (scalar, end + 1 - start)
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
      commands.append(RawCommand(words: words))
      words.removeAll(keepingCapacity: true)
    }
  }
}
