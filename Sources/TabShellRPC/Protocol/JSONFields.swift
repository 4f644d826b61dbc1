import TabShellJSON

/// A message that does not have the shape the protocol gives it: where, and what is wrong.
package struct ProtocolMistake: Error, Equatable {
  package let message: String

  package init(_ message: String) { self.message = message }
}

/// The members of a JSON object read as the protocol's fields, each mistake said with its place:
/// `screen type 'counter': "icon" must be a string, not a number`.
package struct JSONFields {
  package let object: JSONObject
  /// Where the object is, for messages.
  package let place: String

  /// The fields of `value`, which must be an object.
  package init(_ value: JSONValue, place: String) throws(ProtocolMistake) {
    guard case .object(let object) = value else {
      throw ProtocolMistake("\(place) must be an object, not \(value.kindName)")
    }
    self.object = object
    self.place = place
  }

  package func mistake(_ key: String, _ expected: String, _ found: JSONValue) -> ProtocolMistake {
    ProtocolMistake("\(place): \"\(key)\" must be \(expected), not \(found.kindName)")
  }

  /// A string that must be there.
  package func string(_ key: String) throws(ProtocolMistake) -> String {
    guard let value = object[key] else { throw ProtocolMistake("\(place): \"\(key)\" is missing") }
    guard case .string(let text) = value else { throw mistake(key, "a string", value) }
    return text
  }

  /// A string that may be left out (or `null`).
  package func optionalString(_ key: String) throws(ProtocolMistake) -> String? {
    guard let value = object[key], value != .null else { return nil }
    guard case .string(let text) = value else { throw mistake(key, "a string", value) }
    return text
  }

  /// A Boolean that may be left out.
  package func bool(_ key: String, default fallback: Bool) throws(ProtocolMistake) -> Bool {
    guard let value = object[key], value != .null else { return fallback }
    guard case .bool(let flag) = value else { throw mistake(key, "true or false", value) }
    return flag
  }

  /// A whole number that may be left out.
  package func optionalInt(_ key: String) throws(ProtocolMistake) -> Int? {
    guard let value = object[key], value != .null else { return nil }
    guard let number = value.intValue else { throw mistake(key, "a whole number", value) }
    return number
  }

  /// A whole number that must be there.
  package func int(_ key: String) throws(ProtocolMistake) -> Int {
    guard let number = try optionalInt(key) else {
      throw ProtocolMistake("\(place): \"\(key)\" is missing")
    }
    return number
  }

  /// An array that may be left out (then empty).
  package func array(_ key: String) throws(ProtocolMistake) -> [JSONValue] {
    guard let value = object[key], value != .null else { return [] }
    guard case .array(let elements) = value else { throw mistake(key, "an array", value) }
    return elements
  }

  /// An array of strings that may be left out.
  package func strings(_ key: String) throws(ProtocolMistake) -> [String] {
    var result: [String] = []
    for element in try array(key) {
      guard case .string(let text) = element else {
        throw ProtocolMistake("\(place): \"\(key)\" must hold strings, not \(element.kindName)")
      }
      result.append(text)
    }
    return result
  }

  /// An object of strings that may be left out.
  package func stringMap(_ key: String) throws(ProtocolMistake) -> [String: String] {
    guard let value = object[key], value != .null else { return [:] }
    guard case .object(let members) = value else { throw mistake(key, "an object", value) }
    var result: [String: String] = [:]
    for member in members.members {
      guard case .string(let text) = member.value else {
        throw ProtocolMistake(
          "\(place): \"\(key)\" must hold strings, not \(member.value.kindName)")
      }
      result[member.key] = text
    }
    return result
  }
}
