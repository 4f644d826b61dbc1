import TabShellPlatform

extension JSONValue {
  /// The value as compact JSON text: no blanks, object members in their order, every control
  /// character (C0, DEL, C1) and bidirectional control escaped, other characters as UTF-8. The same value always gives the
  /// same text; a non-finite `double` is written as `null`.
  package var serialized: String {
    var buffer: [UInt8] = []
    write(to: &buffer)
    return String(decoding: buffer, as: UTF8.self)
  }

  /// Appends the value's compact JSON text (as ``serialized`` gives it) to `buffer`.
  package func write(to buffer: inout [UInt8]) {
    switch self {
    case .null: buffer.append(contentsOf: "null".utf8)
    case .bool(let value): buffer.append(contentsOf: (value ? "true" : "false").utf8)
    case .int(let value): JSONWriter.appendInteger(value, to: &buffer)
    case .double(let value):
      if value.isFinite {
        buffer.append(contentsOf: value.description.utf8)
      } else {
        buffer.append(contentsOf: "null".utf8)
      }
    case .string(let value): JSONWriter.appendString(value, to: &buffer)
    case .array(let elements):
      buffer.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { buffer.append(UInt8(ascii: ",")) }
        element.write(to: &buffer)
      }
      buffer.append(UInt8(ascii: "]"))
    case .object(let object):
      buffer.append(UInt8(ascii: "{"))
      for (offset, member) in object.members.enumerated() {
        if offset > 0 { buffer.append(UInt8(ascii: ",")) }
        JSONWriter.appendString(member.key, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        member.value.write(to: &buffer)
      }
      buffer.append(UInt8(ascii: "}"))
    }
  }
}

/// The pieces of JSON text that the serializer, the message writer and the host's other JSON
/// (`state --json`, `trace json`, TAP's YAML) share: one string escaper for all of them.
package enum JSONWriter {
  private static let hex = Array("0123456789abcdef".utf8)

  /// A whole number in decimal, without going through `String`.
  package static func appendInteger(_ value: Int, to buffer: inout [UInt8]) {
    if value < 0 { buffer.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    repeat {
      buffer.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }

  /// A string in quotes (see ``appendEscaped(_:to:)``).
  package static func appendString(_ value: String, to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "\""))
    appendEscaped(value, to: &buffer)
    buffer.append(UInt8(ascii: "\""))
  }

  /// A string's inside, without the quotes: `"` and `\` escaped, control characters (C0, DEL and
  /// the C1 range U+0080–U+009F) as `\n`, `\t`, … or `\u00XX`, bidirectional controls (U+202E...,
  /// ``TerminalText/isBidiControl(_:)``) as `\u202e`, everything else as its UTF-8; so that JSON
  /// written to a terminal carries no escape sequence and reorders nothing.
  package static func appendEscaped(_ value: String, to buffer: inout [UInt8]) {
    let utf8 = value.utf8
    // Most strings need nothing escaped: copied whole. A bidirectional control starts with D8 or
    // E2 in UTF-8 (as do many other characters: those strings are looked at again).
    var mayHoldBidi = false
    let plain = utf8.allSatisfy {
      if $0 == 0xE2 || $0 == 0xD8 { mayHoldBidi = true }
      return $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != UInt8(ascii: "\"")
        && $0 != UInt8(ascii: "\\")
    }
    if plain, !mayHoldBidi || !value.unicodeScalars.contains(where: TerminalText.isBidiControl) {
      buffer.append(contentsOf: utf8)
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar.value {
      case 0x22, 0x5C:
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(UInt8(scalar.value))
      case 0x0A: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20, 0x7F...0x9F: appendUnicodeEscape(UInt16(scalar.value), to: &buffer)
      case _ where TerminalText.isBidiControl(scalar):
        appendUnicodeEscape(UInt16(scalar.value), to: &buffer)
      default: UTF8.encode(scalar) { buffer.append($0) }
      }
    }
  }

  private static func appendUnicodeEscape(_ code: UInt16, to buffer: inout [UInt8]) {
    buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
    for shift in stride(from: 12, through: 0, by: -4) {
      buffer.append(hex[Int(code >> UInt16(shift) & 0xF)])
    }
  }
}
