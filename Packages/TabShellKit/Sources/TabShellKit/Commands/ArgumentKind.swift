/// What kind of word a command's argument or option takes, and the Swift type it becomes: it
/// checks the word when the command is parsed, completes it at the prompt and names it in `help`.
///
/// A struct with static members, not an enum, so that kinds can be added without breaking plugins
/// already built.
public struct ArgumentKind<Value: Sendable>: Sendable {
  /// The kind, as the host checks and completes it.
  @_spi(Host) public let code: ArgumentKindCode
  let extract: @Sendable (ArgumentValue) -> Value?

  init(_ code: ArgumentKindCode, extract: @escaping @Sendable (ArgumentValue) -> Value?) {
    self.code = code
    self.extract = extract
  }
}

extension ArgumentKind where Value == Int {
  /// A whole number.
  public static var integer: ArgumentKind<Int> {
    ArgumentKind(.integer) { if case .integer(let n) = $0 { n } else { nil } }
  }
}

extension ArgumentKind where Value == String {
  /// Any word.
  public static var text: ArgumentKind<String> { .init(.text, extract: word) }
  /// A tab: a position, an id or a title (completed with the tabs there are).
  public static var tab: ArgumentKind<String> { .init(.tab, extract: word) }
  /// The name of a screen type (completed with the registered ones).
  public static var screenType: ArgumentKind<String> { .init(.screenType, extract: word) }
  /// A file's path (completed with file names).
  public static var path: ArgumentKind<String> { .init(.path, extract: word) }
  /// One of these words.
  public static func choice(_ words: [String]) -> ArgumentKind<String> {
    .init(.choice(words), extract: word)
  }

  private static let word: @Sendable (ArgumentValue) -> String? = {
    if case .text(let word) = $0 { word } else { nil }
  }
}

/// A kind as the host checks and completes it.
@_spi(Host)
@frozen
public enum ArgumentKindCode: Equatable, Sendable {
  /// A whole number.
  case integer
  /// Any word.
  case text
  /// A tab: a position, an id or a title.
  case tab
  /// A screen type's name.
  case screenType
  /// A file's path.
  case path
  /// One of these words.
  case choice([String])
}

/// A checked argument, as the host hands it to a screen command.
@_spi(Host)
@frozen
public enum ArgumentValue: Equatable, Sendable {
  /// A whole number.
  case integer(Int)
  /// A word.
  case text(String)
  /// The words of a variadic argument.
  case list([ArgumentValue])
  /// A flag that was given.
  case flag
}
