@_spi(Host) import TabShellKit

/// What kind of word a parameter takes: how it is checked and converted when its command is
/// parsed, completed at the prompt, and named in `help`.
enum ValueKind: Equatable, Sendable {
  /// A whole number, within the range when there is one.
  case integer(ClosedRange<Int>?)
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
  /// The name of a command, built-in or of a screen type.
  case commandName
  /// The rest of the line as commands: one word holding commands separated by `;`, or the words of
  /// one command. They are parsed with the command that takes them.
  case commands
  /// `KEY=VALUE`.
  case keyValue

  /// The kind of a screen command's parameter.
  init(_ code: ArgumentKindCode) {
    switch code {
    case .integer: self = .integer(nil)
    case .text: self = .text
    case .tab: self = .tab
    case .screenType: self = .screenType
    case .path: self = .path
    case .choice(let words): self = .choice(words)
    }
  }
}

/// A word converted to what its kind says.
enum BoundValue: Sendable {
  case integer(Int)
  case text(String)
  case tab(TabReference)
  case direction(SwipeDirection)
  case event(EventName)
  case commands([Command])
  case keyValue(KeyValue)
  case list([BoundValue])
  case flag

  /// The value as a screen command receives it.
  var argumentValue: ArgumentValue {
    switch self {
    case .integer(let n): .integer(n)
    case .text(let word): .text(word)
    case .tab(let reference): .text(reference.description)
    case .direction(let direction): .text(direction.rawValue)
    case .event(let event): .text(event.rawValue)
    case .keyValue(let pair): .text(pair.key + "=" + pair.value)
    case .list(let values): .list(values.map(\.argumentValue))
    case .commands, .flag: .flag
    }
  }
}

/// A `KEY=VALUE` word, split.
struct KeyValue: Equatable, Sendable {
  var key: String
  var value: String
}

/// A kind, typed: what a parameter of this kind holds when its command runs.
struct Kind<Value: Sendable>: Sendable {
  let kind: ValueKind
  let extract: @Sendable (BoundValue) -> Value?
}

extension Kind where Value == Int {
  static let integer = Kind(kind: .integer(nil)) { if case .integer(let n) = $0 { n } else { nil } }

  static func integer(in range: ClosedRange<Int>) -> Kind<Int> {
    Kind(kind: .integer(range), extract: integer.extract)
  }
}

extension Kind where Value == String {
  static let text = Kind(kind: .text, extract: word)
  static let screenType = Kind(kind: .screenType, extract: word)
  static let layout = Kind(kind: .layout, extract: word)
  static let path = Kind(kind: .path, extract: word)
  static let commandName = Kind(kind: .commandName, extract: word)

  static func choice(_ words: [String]) -> Kind<String> {
    Kind(kind: .choice(words), extract: word)
  }

  private static let word: @Sendable (BoundValue) -> String? = {
    if case .text(let word) = $0 { word } else { nil }
  }
}

extension Kind where Value == TabReference {
  static let tab = Kind(kind: .tab) { if case .tab(let reference) = $0 { reference } else { nil } }
}

extension Kind where Value == SwipeDirection {
  static let direction = Kind(kind: .direction) {
    if case .direction(let direction) = $0 { direction } else { nil }
  }
}

extension Kind where Value == EventName {
  static let event = Kind(kind: .event) { if case .event(let event) = $0 { event } else { nil } }
}

extension Kind where Value == [Command] {
  static let commands = Kind(kind: .commands) {
    if case .commands(let commands) = $0 { commands } else { nil }
  }
}

extension Kind where Value == KeyValue {
  static let keyValue = Kind(kind: .keyValue) {
    if case .keyValue(let pair) = $0 { pair } else { nil }
  }
}
