/// Encodes an `Encodable` value as a ``JSONValue``, without Foundation: the host's JSON output of
/// its `Codable` types (`state --json` prints the core's `ShellState` through it).
///
/// Keys are written in the order the value encodes them, or sorted with `sortedKeys`; `nil` is
/// `null` when the value encodes it (`encodeNil`), and left out when it skips it
/// (`encodeIfPresent`). Whole numbers that fit `Int` are ``JSONValue/int(_:)``, others
/// ``JSONValue/double(_:)``.
package enum JSONValueEncoder {
  /// The value as JSON.
  package static func encode(_ value: some Encodable, sortedKeys: Bool = false) throws -> JSONValue
  {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    return root.value(sortedKeys: sortedKeys)
  }
}

/// A value being encoded: containers fill it in place.
private final class Node {
  enum Content {
    case empty
    case value(JSONValue)
    case object([(String, Node)])
    case array([Node])
  }

  var content = Content.empty

  func value(sortedKeys: Bool) -> JSONValue {
    switch content {
    case .empty: return .object(JSONObject())
    case .value(let value): return value
    case .array(let nodes): return .array(nodes.map { $0.value(sortedKeys: sortedKeys) })
    case .object(let members):
      var object = JSONObject()
      let ordered = sortedKeys ? members.sorted { $0.0 < $1.0 } : members
      for (key, node) in ordered { object[key] = node.value(sortedKeys: sortedKeys) }
      return .object(object)
    }
  }

  /// The child for `key`, made when new (an object's member).
  func member(_ key: String) -> Node {
    guard case .object(var members) = content else {
      let node = Node()
      content = .object([(key, node)])
      return node
    }
    if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
    let node = Node()
    members.append((key, node))
    content = .object(members)
    return node
  }

  /// A new last element (an array's).
  func element() -> Node {
    let node = Node()
    if case .array(var nodes) = content {
      nodes.append(node)
      content = .array(nodes)
    } else {
      content = .array([node])
    }
    return node
  }

  var count: Int {
    if case .array(let nodes) = content { return nodes.count }
    return 0
  }

  func makeObject() { if case .object = content {} else { content = .object([]) } }
  func makeArray() { if case .array = content {} else { content = .array([]) } }
}

/// A coding key made from a string or an index.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct NodeEncoder: Encoder {
  let node: Node
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return Unkeyed(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(node: node, codingPath: codingPath)
  }
}

/// Sets a node to a value: a scalar at once, anything else through its own `encode(to:)`.
private func encode(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
  switch value {
  case let value as String: node.content = .value(.string(value))
  case let value as Bool: node.content = .value(.bool(value))
  case let value as Int: node.content = .value(.int(value))
  case let value as Double: node.content = .value(.double(value))
  default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.null)
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.bool(value))
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.string(value))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.double(value))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.double(Double(value)))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(value))
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(whole(value))
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(.int(Int(value)))
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    node.member(key.stringValue).content = .value(whole(value))
  }

  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    try TabShellJSON.encode(
      value, into: node.member(key.stringValue), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.member(key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.member(key.stringValue)
    child.makeArray()
    return Unkeyed(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct Unkeyed: UnkeyedEncodingContainer {
  let node: Node
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  mutating func encodeNil() throws { node.element().content = .value(.null) }

  mutating func encode(_ value: Bool) throws { node.element().content = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { node.element().content = .value(.string(value)) }
  mutating func encode(_ value: Double) throws { node.element().content = .value(.double(value)) }
  mutating func encode(_ value: Float) throws {
    node.element().content = .value(.double(Double(value)))
  }
  mutating func encode(_ value: Int) throws { node.element().content = .value(.int(value)) }
  mutating func encode(_ value: Int8) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { node.element().content = .value(whole(value)) }
  mutating func encode(_ value: UInt8) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { node.element().content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { node.element().content = .value(whole(value)) }

  mutating func encode(_ value: some Encodable) throws {
    let key = AnyKey(intValue: count)
    try TabShellJSON.encode(value, into: node.element(), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.element()
    child.makeObject()
    return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = node.element()
    child.makeArray()
    return Unkeyed(node: child, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.element(), codingPath: codingPath)
  }
}

private struct Single: SingleValueEncodingContainer {
  let node: Node
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.content = .value(.null) }

  mutating func encode(_ value: some Encodable) throws {
    try TabShellJSON.encode(value, into: node, codingPath: codingPath)
  }

  mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
  mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
  mutating func encode(_ value: Double) throws { node.content = .value(.double(value)) }
  mutating func encode(_ value: Float) throws { node.content = .value(.double(Double(value))) }
  mutating func encode(_ value: Int) throws { node.content = .value(.int(value)) }
  mutating func encode(_ value: Int8) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int16) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int32) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: Int64) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt) throws { node.content = .value(whole(value)) }
  mutating func encode(_ value: UInt8) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt16) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt32) throws { node.content = .value(.int(Int(value))) }
  mutating func encode(_ value: UInt64) throws { node.content = .value(whole(value)) }
}

/// A whole number: ``JSONValue/int(_:)`` when it fits `Int`, else a `double`.
private func whole(_ value: some BinaryInteger) -> JSONValue {
  Int(exactly: value).map(JSONValue.int) ?? .double(Double(value))
}
