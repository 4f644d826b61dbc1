extension FrameEncoder {
  /// Appends a fixed sequence.
  mutating func append(_ text: StaticString) {
    let start = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount { output.append(start[index]) }
  }

  /// Appends two bytes.
  mutating func append(_ first: UInt8, _ second: UInt8) {
    output.append(first)
    output.append(second)
  }

  /// Appends three bytes.
  mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    output.append(first)
    output.append(second)
    output.append(third)
  }

  /// Appends a number (at least 0) in decimal.
  mutating func appendNumber(_ value: Int) {
    if value < 10 {
      output.append(UInt8(truncatingIfNeeded: 0x30 + value))
      return
    }
    if value < 100 {
      append(
        UInt8(truncatingIfNeeded: 0x30 + value / 10), UInt8(truncatingIfNeeded: 0x30 + value % 10))
      return
    }
    var divisor = 100
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      output.append(UInt8(truncatingIfNeeded: 0x30 + rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// The number of decimal digits of a number (at least 0).
  static func digits(_ value: Int) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  /// The bytes a stored glyph takes in UTF-8 (0 for the right half of a wide character).
  static func utf8Length(_ glyph: UInt32, width: UInt8) -> Int {
    if width == 0 { return 0 }
    return glyph < 0x80 ? 1 : glyph < 0x800 ? 2 : glyph < 0x10000 ? 3 : 4
  }

  /// Appends a Unicode scalar value in UTF-8.
  mutating func appendScalar(_ value: UInt32) {
    switch value {
    case 0..<0x80:
      output.append(UInt8(value))
    case 0x80..<0x800:
      append(UInt8(0xC0 | value >> 6), UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      append(UInt8(0xE0 | value >> 12), UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F))
    default:
      append(UInt8(0xF0 | value >> 18 & 0x07), UInt8(0x80 | value >> 12 & 0x3F))
      append(UInt8(0x80 | value >> 6 & 0x3F), UInt8(0x80 | value & 0x3F))
    }
  }
}
