/// A JSON value (RFC 8259), as the plugin protocol carries it.
///
/// Numbers keep what they were: a whole number that fits `Int` is ``int(_:)`` (exact), any other
/// number is ``double(_:)``. Objects keep their members in order (``JSONObject``), so that what the
/// host writes is deterministic.
package enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number that fits `Int`, exactly.
  case int(Int)
  /// Any other number. A non-finite value is written as `null` (JSON has no infinity or NaN).
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object(JSONObject)
}

extension JSONValue {
  /// The member `key` of an object, or `nil` (also when this is not an object).
  package subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The string, or `nil` when this is not a string.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The whole number, or `nil` when this is not one (a `double` with no fraction counts).
  package var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value):
      guard value.rounded() == value, let exact = Int(exactly: value) else { return nil }
      return exact
    default: return nil
    }
  }

  /// The Boolean, or `nil` when this is not one.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, or `nil` when this is not an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, or `nil` when this is not one.
  package var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether this is `null`.
  package var isNull: Bool { self == .null }

  /// A short name of the value's kind, for messages: `null`, `a Boolean`, `a number`, `a string`,
  /// `an array`, `an object`.
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `null`.
  package init(nilLiteral: ()) { self = .null }
  /// A Boolean.
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  /// A whole number.
  package init(integerLiteral value: Int) { self = .int(value) }
  /// A number with a fraction.
  package init(floatLiteral value: Double) { self = .double(value) }
  /// A string.
  package init(stringLiteral value: String) { self = .string(value) }
  /// An array.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// An object, members in the order written (a repeated key: the last one wins).
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

/// A JSON object: members with unique keys, in the order they were added (or parsed).
///
/// Two objects are equal when they have the same members, whatever their order. Lookup is linear,
/// which is what the protocol's small objects want.
package struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  /// One member.
  package struct Member: Equatable, Sendable {
    /// Its key.
    package var key: String
    /// Its value.
    package var value: JSONValue

    /// Makes a member.
    package init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members, in order.
  package private(set) var members: [Member] = []

  /// An empty object.
  package init() {}

  /// An object of these members, in this order (a repeated key: the last one wins).
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    for (key, value) in elements { self[key] = value }
  }

  /// Members already known to have unique keys (the parser checks).
  package init(uniqueMembers: [Member]) { members = uniqueMembers }

  /// The number of members.
  package var count: Int { members.count }

  /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
  package subscript(key: String) -> JSONValue? {
    get { members.first { $0.key == key }?.value }
    set {
      let index = members.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): members[index].value = value
      case (let index?, nil): members.remove(at: index)
      case (nil, let value?): members.append(Member(key: key, value: value))
      case (nil, nil): break
      }
    }
  }

  /// Equal when both have the same keys with equal values, in any order.
  package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
  }
}
