/// Reading and writing JSON text.
package enum JSON {
  /// How deep arrays and objects may nest by default.
  package static let defaultMaxDepth = 64

  /// Parses one JSON text (RFC 8259), strictly: UTF-8 only, no trailing characters, no lone
  /// surrogates, no duplicate keys, numbers a `Double` can hold, nesting at most `maxDepth` deep.
  ///
  /// Work and memory are linear in the size of the input.
  package static func parse(
    _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
  ) throws(JSONError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
    return try parser.parseDocument()
  }

  /// Parses one JSON text held in an array of bytes.
  package static func parse(
    _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth
  ) throws(JSONError) -> JSONValue {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONError) in try parse(buffer, maxDepth: maxDepth) }
    }
    return try result.get()
  }

  /// Parses one JSON text held in a string.
  package static func parse(
    _ text: String, maxDepth: Int = defaultMaxDepth
  ) throws(JSONError) -> JSONValue {
    try parse(Array(text.utf8), maxDepth: maxDepth)
  }
}

/// A recursive-descent parser over bytes; recursion is bounded by `maxDepth`.
struct JSONParser {
  let bytes: UnsafeRawBufferPointer
  let maxDepth: Int
  var index = 0
  var depth = 0
  /// Bytes of a string with escapes, reused from one string to the next.
  var scratch: [UInt8] = []

  init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  mutating func parseDocument() throws(JSONError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else {
      // Bytes that are not UTF-8 are said as such, wherever they are.
      let error = unexpected()
      throw error.reason == .invalidUTF8 ? error : JSONError(.trailingCharacters, at: index)
    }
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return .object(try parseObject())
    case UInt8(ascii: "["): return .array(try parseArray())
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw unexpected()
    }
  }

  /// The error for the byte at `index`: invalid UTF-8 when no UTF-8 sequence starts there.
  func unexpected() -> JSONError {
    guard index < bytes.count else { return JSONError(.unexpectedEnd, at: index) }
    let byte = bytes[index]
    if byte >= 0x80, UTF8Check.sequenceLength(bytes, at: index) == nil {
      return JSONError(.invalidUTF8, at: index)
    }
    return JSONError(.unexpectedByte(byte), at: index)
  }

  mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONError)
    -> JSONValue
  {
    let length = word.utf8CodeUnitCount
    for offset in 0..<length {
      let at = index + offset
      guard at < bytes.count else { throw JSONError(.unexpectedEnd, at: at) }
      guard bytes[at] == word.utf8Start[offset] else {
        index = at
        throw unexpected()
      }
    }
    index += length
    return value
  }

  mutating func enter() throws(JSONError) {
    depth += 1
    guard depth <= maxDepth else { throw JSONError(.tooDeep(limit: maxDepth), at: index) }
  }

  mutating func parseArray() throws(JSONError) -> [JSONValue] {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return elements
      default: throw unexpected()
      }
    }
  }

  mutating func parseObject() throws(JSONError) -> JSONObject {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [JSONObject.Member] = []
    // Past a few members, keys are checked for repeats with a set rather than a scan.
    var keys: Set<String>?
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return JSONObject(uniqueMembers: members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected() }
      let keyOffset = index
      let key = try parseString()
      let isNew: Bool
      if keys != nil {
        isNew = keys?.insert(key).inserted ?? true
      } else {
        isNew = !members.contains { $0.key == key }
        if members.count >= 16 { keys = Set(members.map(\.key) + [key]) }
      }
      guard isNew else { throw JSONError(.duplicateKey(key), at: keyOffset) }
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      guard bytes[index] == UInt8(ascii: ":") else { throw unexpected() }
      index += 1
      skipWhitespace()
      members.append(JSONObject.Member(key: key, value: try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        return JSONObject(uniqueMembers: members)
      default: throw unexpected()
      }
    }
  }
}
