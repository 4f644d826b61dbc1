/// Why a text is not JSON, and where: the offset of the offending byte (0-based).
package struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package enum Reason: Equatable, Sendable {
    /// The text ended inside a value (or is empty).
    case unexpectedEnd
    /// A byte that cannot start or continue a value here.
    case unexpectedByte(UInt8)
    /// Bytes that are not UTF-8 (overlong, a surrogate, past U+10FFFF, cut short).
    case invalidUTF8
    /// A control character (U+0000–U+001F) written raw in a string.
    case controlCharacterInString
    /// A backslash followed by something other than `"\/bfnrtu`, or `\u` without four hex digits.
    case invalidEscape
    /// A `\u` escape of a UTF-16 surrogate without its other half.
    case loneSurrogate
    /// A number that does not follow the grammar (`01`, `1.`, `-`, `1e`).
    case invalidNumber
    /// A number too large for a `Double`.
    case numberOutOfRange
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// The same key twice in one object.
    case duplicateKey(String)
    /// Something after the value.
    case trailingCharacters
  }

  /// What is wrong.
  package var reason: Reason
  /// The offset of the offending byte.
  package var offset: Int

  /// Makes an error.
  package init(_ reason: Reason, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  /// A sentence, such as `unexpected character 'x' at byte 3`.
  package var description: String {
    let what: String
    switch reason {
    case .unexpectedEnd: what = "unexpected end of text"
    case .unexpectedByte(let byte):
      what =
        (0x21..<0x7F).contains(byte)
        ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
        : "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
    case .invalidUTF8: what = "invalid UTF-8"
    case .controlCharacterInString: what = "control character in a string"
    case .invalidEscape: what = "invalid escape in a string"
    case .loneSurrogate: what = "lone UTF-16 surrogate in a \\u escape"
    case .invalidNumber: what = "invalid number"
    case .numberOutOfRange: what = "number out of range"
    case .tooDeep(let limit): what = "nested deeper than \(limit) levels"
    case .duplicateKey(let key): what = "duplicate key \"\(key)\""
    case .trailingCharacters: what = "characters after the value"
    }
    return "\(what) at byte \(offset)"
  }
}
