/// A kind as the host checks, converts and completes it: one list for the shell's own commands,
/// plugins' commands, screen types' parameters and the command line's options.
@_spi(Host)
@frozen
public enum ArgumentKindCode: Equatable, Sendable {
  /// A whole number, within the range when there is one.
  case integer(ClosedRange<Int>?)
  /// A number of seconds: more than 0, at most `maximum`.
  case seconds(maximum: Int)
  /// Any word.
  case text
  /// A tab: a position, an id or a title.
  case tab
  /// A screen type's name.
  case screenType
  /// A layout's name.
  case layout
  /// An event name (`did-select`, `viewWillAppear`...).
  case event
  /// `left` or `right`.
  case direction
  /// A file's path.
  case path
  /// One of these words.
  case choice([String])
  /// Any word, completed from these; the command checks it when it runs (so that a wrong one is
  /// the command's failure, not a syntax error).
  case suggesting([String])
  /// The name of a command, built-in or of a screen type.
  case commandName
  /// The rest of the line as commands: one word holding commands separated by `;`, or the words of
  /// one command. The host's language parses them; ``value(of:)`` does not.
  case commands
  /// `KEY=VALUE`.
  case keyValue

  /// The words it is completed with, when they are fixed (a choice, a direction...).
  public var fixedWords: [String]? {
    switch self {
    case .choice(let words), .suggesting(let words): words
    case .direction: SwipeDirection.allCases.map(\.rawValue)
    case .event: EventName.allCases.map(\.rawValue)
    default: nil
    }
  }

  /// A word checked and converted as this kind says: the one conversion of a word to a value, for
  /// every parameter the host reads. A command name is taken as it is (the language checks it
  /// against its table); commands are not converted here.
  public func value(of word: String) throws(ArgumentError) -> ArgumentValue {
    switch self {
    case .integer(let range):
      guard let n = Int(word) else {
        if let range, Self.isWholeNumber(word) { throw .outOfRange(word, range: range) }
        throw .notAnInteger(word)
      }
      if let range, !range.contains(n) { throw .outOfRange(word, range: range) }
      return .integer(n)
    case .seconds(let maximum):
      guard let seconds = Double(word), seconds > 0, seconds <= Double(maximum) else {
        throw .notSeconds(word, maximum: maximum)
      }
      return .number(seconds)
    case .tab:
      return .tab(TabReference(word))
    case .direction:
      guard let direction = SwipeDirection(rawValue: word) else {
        throw .notAChoice(word, choices: SwipeDirection.allCases.map(\.rawValue))
      }
      return .direction(direction)
    case .event:
      guard let event = EventName(rawValue: word) else {
        throw .notAChoice(word, choices: EventName.allCases.map(\.rawValue))
      }
      return .event(event)
    case .choice(let words):
      guard words.contains(word) else { throw .notAChoice(word, choices: words) }
      return .text(word)
    case .keyValue:
      guard let equals = word.firstIndex(of: "=") else { throw .notKeyValue(word) }
      return .keyValue(
        key: String(word[..<equals]), value: String(word[word.index(after: equals)...]))
    case .text, .screenType, .layout, .path, .suggesting, .commandName, .commands:
      return .text(word)
    }
  }

  /// Whether a word is a sign and digits, a whole number however large.
  private static func isWholeNumber(_ word: String) -> Bool {
    let digits = word.utf8.first == UInt8(ascii: "-") ? word.utf8.dropFirst() : word.utf8[...]
    return !digits.isEmpty
      && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}

/// Why a word is not of its parameter's kind. Each layer words it with the parameter's name.
@_spi(Host)
@frozen
public enum ArgumentError: Error, Equatable, Sendable {
  /// Not a whole number.
  case notAnInteger(String)
  /// A whole number outside the range.
  case outOfRange(String, range: ClosedRange<Int>)
  /// Not a number of seconds more than 0 and at most `maximum`.
  case notSeconds(String, maximum: Int)
  /// Not one of the choices.
  case notAChoice(String, choices: [String])
  /// Not `KEY=VALUE`.
  case notKeyValue(String)

  /// The word that was refused.
  public var word: String {
    switch self {
    case .notAnInteger(let word), .outOfRange(let word, _), .notSeconds(let word, _),
      .notAChoice(let word, _), .notKeyValue(let word):
      word
    }
  }

  /// What the word should have been, after "must be" (`a whole number`, `from 1 to 9`...).
  public var expected: String {
    switch self {
    case .notAnInteger: "a whole number"
    case .outOfRange(_, let range): "from \(range.lowerBound) to \(range.upperBound)"
    case .notSeconds(_, let maximum): "a number of seconds, more than 0 and at most \(maximum)"
    case .notAChoice(_, let choices): "one of \(choices.joined(separator: ", "))"
    case .notKeyValue: "KEY=VALUE"
    }
  }
}
