@_spi(Host) import TabShellKit

/// A `KEY=VALUE` word, split.
struct KeyValue: Equatable, Sendable {
  var key: String
  var value: String
}

/// A Swift type a bound word can be: read back from its ``ArgumentValue`` with no conversion, by a
/// function the compiler specializes for each type (no closure, no cast).
protocol Bindable: Sendable {
  /// The value, when `bound` holds one of this type; `bound` is `nil` for a parameter not given.
  static func extract(_ bound: ArgumentValue?) -> Self?
}

extension Int: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> Int? {
    if case .integer(let n) = bound { n } else { nil }
  }
}

extension Double: Bindable {
  /// A number of seconds (``ArgumentKindCode/seconds(maximum:)``).
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> Double? {
    if case .number(let n) = bound { n } else { nil }
  }
}

extension String: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> String? {
    if case .text(let word) = bound { word } else { nil }
  }
}

extension TabReference: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> TabReference? {
    if case .tab(let reference) = bound { reference } else { nil }
  }
}

extension SwipeDirection: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> SwipeDirection? {
    if case .direction(let direction) = bound { direction } else { nil }
  }
}

extension EventName: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> EventName? {
    if case .event(let event) = bound { event } else { nil }
  }
}

extension KeyValue: Bindable {
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> KeyValue? {
    if case .keyValue(let key, let value) = bound { KeyValue(key: key, value: value) } else { nil }
  }
}

extension Bool: Bindable {
  /// A flag: given or not.
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> Bool? { bound != nil }
}

extension Optional: Bindable where Wrapped: Bindable {
  /// `nil` when the parameter was not given.
  @inline(__always)
  static func extract(_ bound: ArgumentValue?) -> Wrapped?? {
    guard let bound else { return .some(nil) }
    return Wrapped.extract(bound).map { .some($0) }
  }
}

extension Array: Bindable where Element: Bindable {
  /// Every word of a repeated parameter; none when it was not given.
  static func extract(_ bound: ArgumentValue?) -> [Element]? {
    guard let bound else { return [] }
    guard case .list(let values) = bound else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(values.count)
    for value in values {
      guard let element = Element.extract(value) else { return nil }
      elements.append(element)
    }
    return elements
  }
}

extension ArgumentKind where Value: Bindable {
  /// A kind of the language's own, read back as ``Bindable`` reads it.
  fileprivate static func language(_ code: ArgumentKindCode) -> ArgumentKind<Value> {
    ArgumentKind(code) { Value.extract($0) }
  }
}

// The kinds only the shell's own commands take; the core declares those plugins may take too.

extension ArgumentKind where Value == String {
  static var layout: ArgumentKind<String> { .language(.layout) }
  static var commandName: ArgumentKind<String> { .language(.commandName) }

  static func suggesting(_ words: [String]) -> ArgumentKind<String> {
    .language(.suggesting(words))
  }
}

extension ArgumentKind where Value == TabReference {
  static var tab: ArgumentKind<TabReference> { .language(.tab) }
}

extension ArgumentKind where Value == SwipeDirection {
  static var direction: ArgumentKind<SwipeDirection> { .language(.direction) }
}

extension ArgumentKind where Value == EventName {
  static var event: ArgumentKind<EventName> { .language(.event) }
}

extension ArgumentKind where Value == [Command] {
  static var commands: ArgumentKind<[Command]> { ArgumentKind(.commands) { _ in nil } }
}

extension ArgumentKind where Value == KeyValue {
  static var keyValue: ArgumentKind<KeyValue> { .language(.keyValue) }
}
