/// A place in a script: 1-based line and column (columns count characters).
public struct SourceLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// Makes a location.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// One word of a command as written, after quotes and escapes are resolved.
public struct Word: Equatable, Sendable {
  /// The word's text.
  public var text: String
  /// Where the word starts.
  public var location: SourceLocation

  /// Makes a word.
  public init(_ text: String, at location: SourceLocation) {
    self.text = text
    self.location = location
  }
}

/// A command as the lexer splits it: its words, before they are checked against a declaration.
public struct RawCommand: Equatable, Sendable {
  /// The words, the command's name first; never empty.
  public var words: [Word]
  /// Where the command starts.
  public var location: SourceLocation { words[0].location }

  /// Makes a raw command.
  public init(words: [Word]) {
    self.words = words
  }
}
