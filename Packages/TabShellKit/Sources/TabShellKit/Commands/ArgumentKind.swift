/// What kind of word a command's argument or option takes, and the Swift type it becomes: it
/// checks the word when the command is parsed, completes it at the prompt and names it in `help`.
///
/// A struct with static members, not an enum, so that kinds can be added without breaking plugins
/// already built.
public struct ArgumentKind<Value: Sendable>: Sendable {
  /// The kind, as the host checks and completes it.
  @_spi(Host) public let code: ArgumentKindCode
  /// The value, typed, from the value the host checked.
  @_spi(Host) public let extract: @Sendable (ArgumentValue) -> Value?

  /// A kind the host declares for itself (a layout's name, a hook's commands...).
  @_spi(Host)
  public init(_ code: ArgumentKindCode, extract: @escaping @Sendable (ArgumentValue) -> Value?) {
    self.code = code
    self.extract = extract
  }
}

extension ArgumentKind where Value == Int {
  /// A whole number.
  public static var integer: ArgumentKind<Int> { integer(nil) }

  /// A whole number from `range.lowerBound` to `range.upperBound`.
  public static func integer(in range: ClosedRange<Int>) -> ArgumentKind<Int> { integer(range) }

  private static func integer(_ range: ClosedRange<Int>?) -> ArgumentKind<Int> {
    ArgumentKind(.integer(range)) { if case .integer(let n) = $0 { n } else { nil } }
  }
}

extension ArgumentKind where Value == Double {
  /// A number of seconds: more than 0, at most `maximum`.
  @_spi(Host)
  public static func seconds(maximum: Int) -> ArgumentKind<Double> {
    ArgumentKind(.seconds(maximum: maximum)) { if case .number(let n) = $0 { n } else { nil } }
  }
}

extension ArgumentKind where Value == String {
  /// Any word.
  public static var text: ArgumentKind<String> { .init(.text, extract: word) }
  /// A tab: a position, an id or a title (completed with the tabs there are). The word as the
  /// host read it: a position without leading zeros (`007` is `"7"`).
  public static var tab: ArgumentKind<String> { .init(.tab, extract: word) }
  /// The name of a screen type (completed with the registered ones).
  public static var screenType: ArgumentKind<String> { .init(.screenType, extract: word) }
  /// A file's path (completed with file names).
  public static var path: ArgumentKind<String> { .init(.path, extract: word) }
  /// One of these words.
  public static func choice(_ words: [String]) -> ArgumentKind<String> {
    .init(.choice(words), extract: word)
  }

  private static let word: @Sendable (ArgumentValue) -> String? = { $0.word }
}
