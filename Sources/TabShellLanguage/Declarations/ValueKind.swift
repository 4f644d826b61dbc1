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
  /// Any word, completed from these; the command checks it when it runs (so that a wrong one is
  /// the command's failure, not a syntax error).
  case suggesting([String])
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

/// A word converted to what its kind says; ``absent`` for a parameter that was not given.
enum BoundValue: Sendable {
  case absent
  case integer(Int)
  case text(String)
  case tab(TabReference)
  case direction(SwipeDirection)
  case event(EventName)
  case commands([Command])
  indirect case keyValue(KeyValue)
  case list([BoundValue])
  case flag

  /// The value as a screen command receives it; `nil` when absent.
  var argumentValue: ArgumentValue? {
    if case .absent = self { return nil }
    return present
  }

  private var present: ArgumentValue {
    switch self {
    case .integer(let n): .integer(n)
    case .text(let word): .text(word)
    case .tab(let reference): .text(reference.description)
    case .direction(let direction): .text(direction.rawValue)
    case .event(let event): .text(event.rawValue)
    case .keyValue(let pair): .text(pair.key + "=" + pair.value)
    case .list(let values): .list(values.map(\.present))
    case .commands, .flag, .absent: .flag
    }
  }
}

/// A `KEY=VALUE` word, split.
struct KeyValue: Equatable, Sendable {
  var key: String
  var value: String
}

/// A Swift type a bound word can be: read back from its ``BoundValue`` with no conversion, by a
/// function the compiler specializes for each type (no closure, no cast).
protocol Bindable: Sendable {
  /// The value, when `bound` holds one of this type.
  static func extract(_ bound: BoundValue) -> Self?
}

extension Int: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> Int? {
    if case .integer(let n) = bound { n } else { nil }
  }
}

extension String: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> String? {
    if case .text(let word) = bound { word } else { nil }
  }
}

extension TabReference: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> TabReference? {
    if case .tab(let reference) = bound { reference } else { nil }
  }
}

extension SwipeDirection: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> SwipeDirection? {
    if case .direction(let direction) = bound { direction } else { nil }
  }
}

extension EventName: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> EventName? {
    if case .event(let event) = bound { event } else { nil }
  }
}

extension KeyValue: Bindable {
  @inline(__always)
  static func extract(_ bound: BoundValue) -> KeyValue? {
    if case .keyValue(let pair) = bound { pair } else { nil }
  }
}

extension Bool: Bindable {
  /// A flag: given or not.
  @inline(__always)
  static func extract(_ bound: BoundValue) -> Bool? {
    if case .absent = bound { false } else { true }
  }
}

extension Optional: Bindable where Wrapped: Bindable {
  /// `nil` when the parameter was not given.
  @inline(__always)
  static func extract(_ bound: BoundValue) -> Wrapped?? {
    if case .absent = bound { return .some(nil) }
    return Wrapped.extract(bound).map { .some($0) }
  }
}

extension Array: Bindable where Element: Bindable {
  /// Every word of a repeated parameter; none when it was not given.
  static func extract(_ bound: BoundValue) -> [Element]? {
    switch bound {
    case .absent: return []
    case .commands(let commands): return commands as? [Element]
    case .list(let values):
      var elements: [Element] = []
      elements.reserveCapacity(values.count)
      for value in values {
        guard let element = Element.extract(value) else { return nil }
        elements.append(element)
      }
      return elements
    default: return nil
    }
  }
}

extension Command: Bindable {
  static func extract(_ bound: BoundValue) -> Command? { nil }
}

/// A kind, typed: the Swift type a parameter of this kind holds when its command runs.
struct Kind<Value: Bindable>: Sendable {
  let kind: ValueKind
}

extension Kind where Value == Int {
  static let integer = Kind(kind: .integer(nil))

  static func integer(in range: ClosedRange<Int>) -> Kind<Int> { Kind(kind: .integer(range)) }
}

extension Kind where Value == String {
  static let text = Kind(kind: .text)
  static let screenType = Kind(kind: .screenType)
  static let layout = Kind(kind: .layout)
  static let path = Kind(kind: .path)
  static let commandName = Kind(kind: .commandName)

  static func choice(_ words: [String]) -> Kind<String> { Kind(kind: .choice(words)) }

  static func suggesting(_ words: [String]) -> Kind<String> { Kind(kind: .suggesting(words)) }
}

extension Kind where Value == TabReference {
  static let tab = Kind(kind: .tab)
}

extension Kind where Value == SwipeDirection {
  static let direction = Kind(kind: .direction)
}

extension Kind where Value == EventName {
  static let event = Kind(kind: .event)
}

extension Kind where Value == [Command] {
  static let commands = Kind(kind: .commands)
}

extension Kind where Value == KeyValue {
  static let keyValue = Kind(kind: .keyValue)
}
