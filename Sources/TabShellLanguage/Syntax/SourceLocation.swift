/// A place in a script: 1-based line and column (columns count characters).
package struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1.
  package var column: Int

  /// Makes a location.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package var description: String { "\(line):\(column)" }
}

/// One word of a command as written, after quotes and escapes are resolved.
package struct Word: Equatable, Sendable {
  /// The word's text.
  package var text: String
  /// Where the word starts.
  package var location: SourceLocation

  /// Makes a word.
  package init(_ text: String, at location: SourceLocation) {
    self.text = text
    self.location = location
  }
}

/// A command as the lexer splits it: its words, before they are checked against a declaration.
package struct RawCommand: Equatable, Sendable {
  /// The words, the command's name first; never empty.
  package var words: [Word]
  /// Where the command starts.
  package var location: SourceLocation { words[0].location }

  /// Makes a raw command.
  package init(words: [Word]) {
    self.words = words
  }
}
