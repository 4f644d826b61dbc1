/// A checked argument, as the host bound it and hands it to the command that runs: one value type
/// for the shell's own commands, plugins' commands and screen types' parameters.
@_spi(Host)
@frozen
public enum ArgumentValue: Equatable, Sendable {
  /// A whole number.
  case integer(Int)
  /// A number (seconds).
  case number(Double)
  /// A word.
  case text(String)
  /// A tab reference.
  case tab(TabReference)
  /// A swipe direction.
  case direction(SwipeDirection)
  /// An event name.
  case event(EventName)
  /// A `KEY=VALUE` word, split.
  case keyValue(key: String, value: String)
  /// The words of a variadic argument or a repeated option.
  indirect case list([ArgumentValue])
  /// A flag that was given.
  case flag

  /// The value as a word, for a kind whose Swift type is `String`: a tab reference as a user
  /// would write it, a direction or an event by its name.
  public var word: String? {
    switch self {
    case .text(let word): word
    case .tab(let reference): reference.description
    case .direction(let direction): direction.rawValue
    case .event(let event): event.rawValue
    case .keyValue(let key, let value): key + "=" + value
    case .integer, .number, .list, .flag: nil
    }
  }
}
