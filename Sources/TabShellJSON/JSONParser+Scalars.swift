extension JSONParser {
  /// A string; `index` is at its opening quote. Text without escapes is taken in one piece.
  mutating func parseString() throws(JSONError) -> String {
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      try advanceTextByte(byte)
    }
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        try parseEscape()
      } else {
        let from = index
        try advanceTextByte(byte)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[from..<index]))
      }
    }
    throw JSONError(.unexpectedEnd, at: index)
  }

  /// Steps over one character of a string that is not an escape: a control character is an
  /// error, and a multi-byte character must be valid UTF-8.
  mutating func advanceTextByte(_ byte: UInt8) throws(JSONError) {
    if byte < 0x20 { throw JSONError(.controlCharacterInString, at: index) }
    if byte < 0x80 {
      index += 1
      return
    }
    guard let length = UTF8Check.sequenceLength(bytes, at: index) else {
      throw JSONError(.invalidUTF8, at: index)
    }
    index += length
  }

  /// One escape (`index` at its backslash), appended to `scratch` as UTF-8.
  mutating func parseEscape() throws(JSONError) {
    let at = index
    guard index + 1 < bytes.count else { throw JSONError(.unexpectedEnd, at: index + 1) }
    let replacement: UInt8
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
    case UInt8(ascii: "b"): replacement = 0x08
    case UInt8(ascii: "f"): replacement = 0x0C
    case UInt8(ascii: "n"): replacement = 0x0A
    case UInt8(ascii: "r"): replacement = 0x0D
    case UInt8(ascii: "t"): replacement = 0x09
    case UInt8(ascii: "u"):
      index += 2
      let unit = try hexUnit(escapeAt: at)
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        // A high surrogate must be followed at once by an escaped low one.
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw JSONError(.loneSurrogate, at: at) }
        let lowAt = index
        index += 2
        let low = try hexUnit(escapeAt: lowAt)
        guard (0xDC00...0xDFFF).contains(low) else { throw JSONError(.loneSurrogate, at: at) }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw JSONError(.loneSurrogate, at: at)
      }
      guard let scalar = Unicode.Scalar(scalarValue) else {
        throw JSONError(.loneSurrogate, at: at)
      }
      if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
      return
    default: throw JSONError(.invalidEscape, at: at)
    }
    scratch.append(replacement)
    index += 2
  }

  /// Four hex digits at `index`, as a UTF-16 code unit.
  mutating func hexUnit(escapeAt at: Int) throws(JSONError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw JSONError(.unexpectedEnd, at: index) }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONError(.invalidEscape, at: at)
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }

  /// A number: exact as `Int` when it is whole and fits, else a `Double`.
  mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var magnitude: UInt64 = 0
    var overflow = false
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw JSONError(index < bytes.count ? .invalidNumber : .unexpectedEnd, at: start)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw JSONError(.invalidNumber, at: start) }
    } else {
      while index < bytes.count, isDigit(bytes[index]) {
        let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
        overflow = overflow || o1 || o2
        magnitude = sum
        index += 1
      }
    }
    var isWhole = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isWhole = false
      index += 1
      try digits(numberAt: start)
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isWhole = false
      index += 1
      if index < bytes.count, [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index]) {
        index += 1
      }
      try digits(numberAt: start)
    }
    if isWhole, !overflow {
      if !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
      if negative, magnitude <= UInt64(Int.max) + 1 {
        return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
      }
    }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw JSONError(.numberOutOfRange, at: start)
    }
    return .double(value)
  }

  /// One or more digits, or an invalid number.
  mutating func digits(numberAt start: Int) throws(JSONError) {
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw JSONError(.invalidNumber, at: start)
    }
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}

/// Strict UTF-8 (RFC 3629): no overlong forms, no encoded surrogates, nothing past U+10FFFF.
enum UTF8Check {
  /// The length of the valid UTF-8 sequence that starts at `index` (a byte ≥ 0x80), or `nil`.
  static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    guard (low...high).contains(bytes[index + 1]) else { return nil }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }

  /// The offset of the first byte that is not part of valid UTF-8, or `nil` when all is valid.
  static func firstInvalid(_ bytes: UnsafeRawBufferPointer) -> Int? {
    var index = 0
    while index < bytes.count {
      if bytes[index] < 0x80 {
        index += 1
      } else if let length = sequenceLength(bytes, at: index) {
        index += length
      } else {
        return index
      }
    }
    return nil
  }
}
